package dev.trellis.graph;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.runtime.Interrupt;
import java.util.List;
import java.util.Map;

/**
 * A thread's state at one checkpoint: the values (with the saved writes of tasks that
 * already finished applied), the nodes that would run next (those not yet finished), every
 * task due at this checkpoint with its error or interrupts, the pending interrupts,
 * where the checkpoint sits in the history, and when it was written ({@code createdAt}, the
 * checkpoint's ISO-8601 timestamp as LangGraph's {@code created_at}; null for a thread with
 * no checkpoint).
 */
public record StateSnapshot(
    Map<String, Object> values,
    List<String> next,
    List<TaskState> tasks,
    List<Interrupt> interrupts,
    CheckpointConfig config,
    CheckpointMetadata metadata,
    CheckpointConfig parentConfig,
    String createdAt) {
  public StateSnapshot {
    values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    next = List.copyOf(next);
    tasks = List.copyOf(tasks);
    interrupts = List.copyOf(interrupts);
  }
}
