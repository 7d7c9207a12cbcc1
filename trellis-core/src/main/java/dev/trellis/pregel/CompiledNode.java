package dev.trellis.pregel;

import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import java.util.List;

/**
 * A compiled node: what triggers it, what it runs, and the writes its edges add to its
 * output. Exactly one of {@code body} and {@code subgraph} is set, except for the hidden
 * {@code __start__} node, which has neither and copies the run input into state.
 *
 * @param triggers channel slots whose change schedules this node, ascending by channel name
 * @param edges {@code branch:to:X} slots written after every run
 * @param joins join-barrier slots this node writes its name into
 * @param edgeToEnd whether a plain edge leads to END (writes nothing; kept for views)
 */
public record CompiledNode(
    String name,
    int index,
    int[] triggers,
    Node body,
    Program subgraph,
    NodeOptions options,
    int[] edges,
    int[] joins,
    List<Branch> branches,
    boolean edgeToEnd) {

  boolean isStart() {
    return index == 0;
  }
}
