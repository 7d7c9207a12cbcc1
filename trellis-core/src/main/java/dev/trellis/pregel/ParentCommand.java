package dev.trellis.pregel;

import dev.trellis.graph.Command;

/**
 * Control flow, not an error: carries a {@link Command} aimed at the parent graph out of
 * a subgraph, to the parent task that runs the subgraph. Built without a stack trace.
 */
public final class ParentCommand extends RuntimeException implements dev.trellis.graph.ControlFlow {
  private final transient Command command;
  /** The graph whose node returned the command; its parent is the target. */
  final transient Program origin;

  ParentCommand(Command command, Program origin) {
    super("command for the parent graph", null, false, false);
    this.command = command;
    this.origin = origin;
  }

  public Command command() {
    return command;
  }
}
