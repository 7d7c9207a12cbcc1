package dev.trellis.spec;

import java.util.Objects;

/**
 * One edge of a {@link TopologySpec}. {@code condition} and {@code when} are set for
 * {@link EdgeType#CONDITIONAL} edges only: the router named {@code condition} returns
 * {@code when} to take this edge.
 */
public record SpecEdge(String from, String to, EdgeType kind, String condition, String when) {
  public SpecEdge {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(kind, "kind");
  }

  public static SpecEdge of(String from, String to, EdgeType kind) {
    return new SpecEdge(from, to, kind, null, null);
  }

  public static SpecEdge conditional(String from, String to, String condition, String when) {
    return new SpecEdge(from, to, EdgeType.CONDITIONAL, condition, when);
  }
}
