package dev.trellis.pregel;

import dev.trellis.graph.Command;

/**
 * Control flow, not an error: carries a {@link Command} aimed at the parent graph out of
 * a subgraph, to the parent task that runs the subgraph. Built without a stack trace.
 */
public final class ParentCommand extends RuntimeException {
  private final transient Command command;

  ParentCommand(Command command) {
    super("command for the parent graph", null, false, false);
    this.command = command;
  }

  public Command command() {
    return command;
  }
}
