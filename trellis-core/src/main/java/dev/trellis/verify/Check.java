package dev.trellis.verify;

import java.util.Objects;

/**
 * A property of a graph's topology that {@code CompiledGraph.verify} proves or refutes
 * over every path the graph could take (plain edges, joins, conditional-edge destinations
 * and declared Command/Send destinations). A refutation names the path that breaks it.
 */
public sealed interface Check {

  /** Every path from START to {@code target} passes {@code via} first (e.g. a safety gate before memory). */
  record PassesThrough(String target, String via) implements Check {
    public PassesThrough {
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(via, "via");
    }
  }

  /** Every node can be reached from START. */
  record NoUnreachableNodes() implements Check {}

  /** Every source of every join can run without first passing through the join's target. */
  record JoinsSatisfiable() implements Check {}

  /** Every cycle can be left through a conditional edge (otherwise it runs until the recursion limit). */
  record CyclesHaveExits() implements Check {}

  /** {@code node} leads only to END: nothing runs after it. */
  record Terminal(String node) implements Check {
    public Terminal {
      Objects.requireNonNull(node, "node");
    }
  }

  /** Every path from START to {@code target} passes {@code via}. */
  static Check passesThrough(String target, String via) {
    return new PassesThrough(target, via);
  }

  static Check noUnreachableNodes() {
    return new NoUnreachableNodes();
  }

  static Check joinsSatisfiable() {
    return new JoinsSatisfiable();
  }

  static Check cyclesHaveExits() {
    return new CyclesHaveExits();
  }

  static Check terminal(String node) {
    return new Terminal(node);
  }
}
