package dev.trellis.client;

import java.util.List;
import java.util.Map;

/**
 * A thread's state at one checkpoint (LangGraph's {@code ThreadState}): the values, the nodes
 * that run next, the tasks due with their errors and interrupts, where it sits in the history
 * and its checkpoint metadata ({@code source}, {@code step}, {@code writes}...).
 */
public record ThreadState(Map<String, Object> values, List<String> next, List<ThreadTask> tasks, Checkpoint checkpoint,
                          Map<String, Object> metadata, String createdAt, Checkpoint parentCheckpoint,
                          List<Interrupt> interrupts) {
  public ThreadState {
    values = values == null ? Map.of() : values;
    next = next == null ? List.of() : next;
    tasks = tasks == null ? List.of() : tasks;
    metadata = metadata == null ? Map.of() : metadata;
    interrupts = interrupts == null ? List.of() : interrupts;
  }
}
