package dev.trellis.graph;

import java.util.Objects;

/**
 * A message to run {@code node} once in the next step with {@code arg} as its private
 * input instead of the graph state (a Map arg is seen as a {@link State}).
 */
public record Send(String node, Object arg) {
  public Send {
    Objects.requireNonNull(node, "node");
  }

  /** A Send of {@code arg} to {@code node}. */
  public static Send to(String node, Object arg) {
    return new Send(node, arg);
  }
}
