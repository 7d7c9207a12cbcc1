package dev.trellis.graph;

/**
 * Marks the throwables that are the engine's control flow, not failures (LangGraph's
 * {@code GraphBubbleUp}): an {@code interrupt()} unwinding its node, a {@link Command} on its way
 * to a parent graph. Code that catches exceptions around graph work — a retry loop, a tool's
 * error handler, a middleware — must rethrow these unchanged: {@code if (e instanceof ControlFlow)
 * throw e;}. Only the engine implements it.
 */
public interface ControlFlow {
  /** Whether {@code t} is engine control flow. */
  static boolean is(Throwable t) {
    return t instanceof ControlFlow;
  }
}
