package dev.trellis.apps.neura;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import java.util.List;
import java.util.Map;

/** Serves the Neura turn graph as assistant {@code neura} wherever the server finds providers. */
public final class NeuraProvider implements GraphProvider {
  @Override
  public String graphId() {
    return NeuraTurn.ASSISTANT;
  }

  @Override
  public String description() {
    return "A clinical chat turn from a declarative topology: a phased tool pipeline with skip gates.";
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store));
  }

  /** Served: the bookings in the server's database ({@link Bookings}), so they outlive the process and are shared. */
  @Override
  public CompiledGraph build(dev.trellis.server.AppContext app) {
    return NeuraTurn.graph(CompileOptions.checkpointer(app.saver()).withStore(app.store()), NeuraDeps.bundled(app.database()));
  }

  /** The Studio finds the manifest through the system assistant's metadata. */
  @Override
  public Map<String, Object> assistantMetadata() {
    return Map.of("manifest", MANIFEST_PATH);
  }

  /** {@code GET /apps/neura/manifest}: the topology manifest the frontend renders ({@link TurnGraphSpec#manifest}). */
  @Override
  public List<Routes> routes() {
    return List.of(manifestRoute());
  }

  /** The manifest route, for servers that register the graph without this provider. */
  public static Routes manifestRoute() {
    return r -> r.get(MANIFEST_PATH, ctx -> Http.json(ctx, TurnGraphSpec.manifest()));
  }

  /** Where the manifest is served. */
  public static final String MANIFEST_PATH = "/apps/" + NeuraTurn.ASSISTANT + "/manifest";
}
