package dev.trellis.pregel;

import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Router;
import java.util.List;
import java.util.Map;

/** Builds compiled nodes for the graph builder (which lives in another package). Internal. */
public final class Branches {
  private Branches() {}

  /** A conditional edge as the builder declares it. */
  public record Spec(String name, Router router, Map<String, String> pathMap) {}

  public static CompiledNode node(String name, int index, int[] triggers, Node body, Program subgraph, NodeOptions options,
                           int[] edges, int[] joins, List<Spec> branches, boolean edgeToEnd) {
    return new CompiledNode(name, index, triggers, body, subgraph, options, edges, joins,
        branches.stream().map(s -> new Branch(s.name(), s.router(), s.pathMap())).toList(), edgeToEnd);
  }
}
