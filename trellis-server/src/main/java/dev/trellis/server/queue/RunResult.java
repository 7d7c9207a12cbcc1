package dev.trellis.server.queue;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.server.wire.Json;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * How a run's result is kept in {@code trellis_runs.result}. A run that ends with its graph's
 * state at its thread's newest checkpoint (the usual end) stores a reference to that
 * checkpoint, not a copy of the state: on a long thread a copy per run made the runs table
 * grow with the square of the thread's length. Any other result (an error, a cancelled run's
 * last values, an output that differs from the checkpoint's state) is stored as it is.
 *
 * <p>A stored result is a JSON object (the values), a JSON string {@code "GRAPH_ID:CHECKPOINT_ID"}
 * (a result is never a string, so the two cannot be confused), or — for a result that is the
 * checkpoint's state plus channels no checkpoint keeps, such as an agent's per-run model call
 * count — a JSON array {@code ["GRAPH_ID:CHECKPOINT_ID", {those channels}]}; reading a reference gives the
 * graph's state at that checkpoint, as {@code getState} shows it, which is what the run's last
 * {@code values} event carried. Only a checkpoint with no task left to run is referenced (so
 * no later task's saved writes change what it shows); a later run started with a
 * {@code Command} on the ended thread saves its update beside that checkpoint and shows there,
 * as it shows in the thread's values.
 */
final class RunResult {
  private RunResult() {}

  /**
   * The JSON to store for a result ({@code resultJson}) known to be the values of the snapshot that
   * {@code reference} names ({@link #reference}; null when it cannot be referenced): the reference, else the
   * result itself.
   */
  static String stored(String resultJson, String reference) {
    return reference == null || resultJson.equals("{}") ? resultJson : reference;
  }

  /**
   * The JSON to store for a result that is the values of the snapshot {@code reference} names plus
   * {@code extras} (the values of channels no checkpoint keeps — an {@code untracked} channel such as an
   * agent's per-run model call count — as JSON data): {@code ["GRAPH_ID:CHECKPOINT_ID", {extras}]}, or
   * {@code resultJson} when there is no reference.
   */
  static String stored(String resultJson, String reference, Map<String, Object> extras) {
    return reference == null ? resultJson : "[" + reference + "," + Json.write(extras) + "]";
  }

  /**
   * A reference ({@code "GRAPH_ID:CHECKPOINT_ID"}, as JSON) to the checkpoint {@code snapshot} shows, when it
   * has no task left to run (no later task's saved writes can change what it shows), else null.
   */
  static String reference(String graphId, StateSnapshot snapshot) {
    if (snapshot == null || snapshot.config() == null || snapshot.config().checkpointId() == null
        || !snapshot.next().isEmpty() || !snapshot.tasks().isEmpty()) {
      return null;
    }
    return Json.write(graphId + ":" + snapshot.config().checkpointId());
  }

  /**
   * The result a stored {@code result} column holds; a reference is read by {@code referenced}
   * ({@code (threadId, "GRAPH_ID:CHECKPOINT_ID") -> values}, as {@link Services#referencedValues}).
   */
  static Object read(Object stored, String threadId, BiFunction<String, String, Object> referenced) {
    if (stored instanceof java.util.List<?> pair && pair.size() == 2 && pair.get(0) instanceof String ref
        && pair.get(1) instanceof Map<?, ?> extras) {
      Object values = referenced.apply(threadId, ref);
      if (!(values instanceof Map<?, ?> m)) {
        return values;
      }
      Map<Object, Object> withExtras = new java.util.LinkedHashMap<>(m);
      withExtras.putAll(extras);
      return withExtras;
    }
    return stored instanceof String ref ? referenced.apply(threadId, ref) : stored;
  }

  /**
   * The values at the checkpoint {@code reference} ({@code "GRAPH_ID:CHECKPOINT_ID"}) names on {@code threadId}, as
   * JSON data: the graph's state there when {@code graphs} serves the graph, else — a graph renamed or no longer
   * served — the checkpoint's own channel values without the engine's, read from {@code saver} (the same values for
   * a referenced checkpoint, which has no task left to run); null when the checkpoint is gone.
   */
  static Object referenced(String reference, String threadId, Map<String, CompiledGraph> graphs, CheckpointSaver saver) {
    int colon = reference.lastIndexOf(':');
    String checkpointId = reference.substring(colon + 1);
    CompiledGraph graph = graphs.get(reference.substring(0, colon));
    if (graph != null) {
      StateSnapshot snap = graph.getState(RunConfig.thread(threadId).withCheckpointId(checkpointId));
      return snap.config() == null ? null : Json.plain(snap.values());
    }
    CheckpointTuple t = saver.getTuple(CheckpointConfig.thread(threadId).withCheckpointId(checkpointId));
    if (t == null) {
      return null;
    }
    Map<String, Object> values = new java.util.TreeMap<>();
    t.checkpoint().channelValues().forEach((k, v) -> {
      if (!ReservedNames.isReserved(k)) {
        values.put(k, v);
      }
    });
    return Json.plain(values);
  }

  /**
   * The entries of {@code output} (a run's last values) that are not in {@code state} (the checkpoint's values),
   * as JSON data, when every entry of {@code state} is in {@code output} with an equal value; else null (the
   * output is not the state plus channels no checkpoint keeps).
   */
  static Map<String, Object> extras(Map<String, Object> output, Map<String, Object> state) {
    if (output == null || output.size() <= state.size()) {
      return null;
    }
    for (Map.Entry<String, Object> e : state.entrySet()) {
      if (!output.containsKey(e.getKey()) || !java.util.Objects.equals(output.get(e.getKey()), e.getValue())) {
        return null;
      }
    }
    Map<String, Object> extras = new java.util.LinkedHashMap<>();
    output.forEach((k, v) -> {
      if (!state.containsKey(k)) {
        extras.put(k, v);
      }
    });
    @SuppressWarnings("unchecked")
    Map<String, Object> plain = (Map<String, Object>) Json.plain(extras);
    return plain;
  }
}
