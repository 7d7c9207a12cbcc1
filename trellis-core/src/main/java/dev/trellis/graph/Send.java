package dev.trellis.graph;

import dev.trellis.policy.TimeoutPolicy;
import java.util.Objects;

/**
 * A message to run {@code node} once in the next step with {@code arg} as its private
 * input instead of the graph state (a Map arg is seen as a {@link State}). {@code timeout}
 * overrides the node's timeout policy for this one task (null: the node's).
 */
public record Send(String node, Object arg, TimeoutPolicy timeout) {
  public Send {
    Objects.requireNonNull(node, "node");
  }

  public Send(String node, Object arg) {
    this(node, arg, null);
  }

  /** A Send of {@code arg} to {@code node}. */
  public static Send to(String node, Object arg) {
    return new Send(node, arg, null);
  }

  /** The same Send with its own per-attempt timeout. */
  public Send withTimeout(TimeoutPolicy policy) {
    return new Send(node, arg, policy);
  }
}
