package dev.trellis.server.queue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.server.wire.Json;
import java.util.Map;
import java.util.function.Function;

/**
 * How a run's result is kept in {@code trellis_runs.result}. A run that ends with its graph's
 * state at its thread's newest checkpoint (the usual end) stores a reference to that
 * checkpoint, not a copy of the state: on a long thread a copy per run made the runs table
 * grow with the square of the thread's length. Any other result (an error, a cancelled run's
 * last values, an output that differs from the checkpoint's state) is stored as it is.
 *
 * <p>A stored result is a JSON object (the values) or a JSON string {@code "GRAPH_ID:CHECKPOINT_ID"}
 * (a result is never a string, so the two cannot be confused); reading a reference gives the
 * graph's state at that checkpoint, as {@code getState} shows it, which is what the run's last
 * {@code values} event carried. Only a checkpoint with no task left to run is referenced (so
 * no later task's saved writes change what it shows); a later run started with a
 * {@code Command} on the ended thread saves its update beside that checkpoint and shows there,
 * as it shows in the thread's values.
 */
final class RunResult {
  private RunResult() {}

  /**
   * The JSON to store for a result ({@code resultJson}) known to be the values of
   * {@code snapshot}, the thread's state after the run: a reference when that state is at a
   * checkpoint with no task left to run, else the result itself.
   */
  static String stored(String resultJson, String graphId, StateSnapshot snapshot) {
    if (snapshot == null || snapshot.config() == null || snapshot.config().checkpointId() == null
        || !snapshot.next().isEmpty() || !snapshot.tasks().isEmpty() || resultJson.equals("{}")) {
      return resultJson;
    }
    return Json.write(graphId + ":" + snapshot.config().checkpointId());
  }

  /** The result a stored {@code result} column holds, reading a reference's checkpoint on {@code threadId}. */
  static Object read(Object stored, String threadId, Function<String, CompiledGraph> graphs) {
    if (!(stored instanceof String ref)) {
      return stored;
    }
    int colon = ref.lastIndexOf(':');
    CompiledGraph graph;
    try {
      graph = graphs.apply(ref.substring(0, colon));
    } catch (dev.trellis.server.error.ServerException notServed) {
      return null; // the graph is no longer served here: the caller answers with the thread's values
    }
    StateSnapshot snap = graph.getState(RunConfig.thread(threadId).withCheckpointId(ref.substring(colon + 1)));
    return snap.config() == null ? null : Json.plain(snap.values());
  }
}
