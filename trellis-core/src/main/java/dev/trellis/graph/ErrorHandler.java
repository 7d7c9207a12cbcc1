package dev.trellis.graph;

import dev.trellis.runtime.Runtime;

/**
 * Turns a node's failure (after its retries) into a result: the handler's update or
 * Command is applied as if the node had returned it, and the run goes on.
 */
@FunctionalInterface
public interface ErrorHandler {
  NodeResult handle(State state, Runtime runtime, Throwable error) throws Exception;
}
