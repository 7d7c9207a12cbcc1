package dev.trellis.pregel;

import dev.trellis.runtime.Interrupt;
import java.util.List;

/**
 * Control flow, not an error: unwinds a node that called {@code interrupt()} (or a
 * subgraph that paused) up to the loop that records the pause. Do not catch it in node
 * code; if you must catch {@code Throwable}, rethrow this. Built without a stack trace.
 */
public final class GraphInterrupt extends RuntimeException implements dev.trellis.graph.ControlFlow {
  private final transient List<Interrupt> interrupts;

  GraphInterrupt(List<Interrupt> interrupts) {
    super("graph interrupted", null, false, false);
    this.interrupts = List.copyOf(interrupts);
  }

  /** The pending interrupts; empty for a static breakpoint. */
  public List<Interrupt> interrupts() {
    return interrupts;
  }
}
