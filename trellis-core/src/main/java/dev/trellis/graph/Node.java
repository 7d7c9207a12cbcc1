package dev.trellis.graph;

import dev.trellis.runtime.Runtime;

/**
 * A node's code: reads state, returns an {@link Update} or a {@link Command} (null means
 * no update). Runs on a virtual thread, possibly in parallel with other nodes of the same
 * step, so it must not share mutable state without synchronisation. A node that called
 * {@link Runtime#interrupt} restarts from its beginning when resumed.
 */
@FunctionalInterface
public interface Node {
  NodeResult apply(State state, Runtime runtime) throws Exception;
}
