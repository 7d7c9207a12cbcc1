package dev.trellis.graph;


/**
 * A conditional edge: after its node ran, reads the state (the node's own writes applied,
 * parallel siblings' not yet) and returns where to go: a node name, {@code StateGraph.END},
 * a {@link Send}, or a collection of those. With a path map the return value is a label
 * looked up in it.
 */
@FunctionalInterface
public interface Router {
  Object route(State state) throws Exception;
}
