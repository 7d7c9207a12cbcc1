package dev.trellis.server.queue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.server.db.Assistants;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.Threads;
import dev.trellis.server.error.ServerException;
import java.util.Map;

/** What the HTTP handlers and the workers share: tables, graphs, checkpointer, store, events, the webhook policy. */
public record Services(ServerDb db, Assistants assistants, Threads threads, RunStore runs, EventBus bus,
                       Map<String, CompiledGraph> graphs, CheckpointSaver saver, Store store, Fences fences,
                       RunObservers observers, WebhookPolicy webhooks) {

  /** The thread's checkpoint {@code checkpointId} (its newest when null), or a 404 when an id was given and is unknown; null for a thread with none. */
  public dev.trellis.checkpoint.CheckpointTuple checkpoint(String threadId, String checkpointId) {
    dev.trellis.checkpoint.CheckpointTuple t = saver.getTuple(
        dev.trellis.checkpoint.CheckpointConfig.thread(threadId).withCheckpointId(checkpointId));
    if (t == null && checkpointId != null) {
      throw ServerException.notFound("checkpoint", checkpointId);
    }
    return t;
  }

  /**
   * The values a stored checkpoint reference ({@code "GRAPH_ID:CHECKPOINT_ID"}, as run results and
   * long thread values keep them) names on {@code threadId}, as JSON data — the graph's state there, or the
   * checkpoint's channel values when its graph is no longer served here; null when that checkpoint is gone.
   */
  public Object referencedValues(String threadId, String reference) {
    return RunResult.referenced(reference, threadId, graphs, saver);
  }

  /** The result run {@code runId} ended with (JSON data), or null while it has none or when it is gone. */
  public Object runResult(String runId) {
    return runs.result(runId, this::referencedValues);
  }

  /** The graph of an assistant row, or a clear error when the server no longer serves it. */
  public CompiledGraph graph(String graphId) {
    CompiledGraph g = graphs.get(graphId);
    if (g == null) {
      throw ServerException.notFound("graph \"" + graphId + "\" is not served here (graphs: "
          + new java.util.TreeSet<>(graphs.keySet()) + ")");
    }
    return g;
  }
}
