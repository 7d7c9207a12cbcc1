package dev.trellis.server.queue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.server.db.Assistants;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.Threads;
import java.util.Map;

/** What the HTTP handlers and the workers share: tables, graphs, checkpointer, store, events. */
public record Services(ServerDb db, Assistants assistants, Threads threads, RunStore runs, EventBus bus,
                       Map<String, CompiledGraph> graphs, CheckpointSaver saver, Store store, Fences fences) {

  /** The graph of an assistant row, or a clear error when the server no longer serves it. */
  public CompiledGraph graph(String graphId) {
    CompiledGraph g = graphs.get(graphId);
    if (g == null) {
      throw new dev.trellis.server.api.ApiException(404, "graph \"" + graphId + "\" is not served here (graphs: "
          + new java.util.TreeSet<>(graphs.keySet()) + ")");
    }
    return g;
  }
}
