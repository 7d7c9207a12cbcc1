package dev.trellis.graph;

import dev.trellis.runtime.Interrupt;
import java.util.List;

/**
 * A task of a state snapshot: a node due to run (or paused or failed) at that checkpoint.
 *
 * @param error the failure message when the task failed last time, else null
 * @param interrupts the interrupts it is paused on (empty when none)
 * @param state for a subgraph task, the subgraph's own state when asked for
 *     ({@code getState(cfg, true)}) and the subgraph has started; else null
 */
public record TaskState(String id, String name, String error, List<Interrupt> interrupts, StateSnapshot state) {
  public TaskState {
    interrupts = List.copyOf(interrupts);
  }
}
