package dev.trellis.cli.config;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.AppContext;
import dev.trellis.server.GraphProvider;

/**
 * A graph from a JSON graph file, compiled with the server's checkpointer, store and node cache
 * (so nodes with {@code "cache"} are served from the server's database), under its config id.
 */
record JsonGraphProvider(String graphId, StateGraph builder) implements GraphProvider {
  @Override
  public CompiledGraph build(AppContext app) {
    return builder.compile(options(app.saver(), app.store()).withCache(app.cache()));
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return builder.compile(options(saver, store));
  }

  private CompileOptions options(CheckpointSaver saver, Store store) {
    // JSON graphs follow LangGraph's rules, which accept nodes reached only by run-level gotos.
    return CompileOptions.checkpointer(saver).withStore(store).withUnreachableAllowed(true).withName(graphId);
  }
}
