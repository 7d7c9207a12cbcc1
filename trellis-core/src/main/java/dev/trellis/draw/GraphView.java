package dev.trellis.draw;

import java.util.List;
import java.util.Map;

/**
 * A compiled graph's shape as plain data, read from what the engine runs: nodes with
 * their policies, and every way control can pass between them. Drawings, manifests and
 * {@code verify} are built from this one view, so none of them can drift from the runtime.
 *
 * @param stateKeys state key name → update rule (last, append, add, merge, ...)
 */
public record GraphView(String name, List<Node> nodes, List<Edge> edges, Map<String, String> stateKeys) {
  public GraphView {
    nodes = List.copyOf(nodes);
    edges = List.copyOf(edges);
    stateKeys = Map.copyOf(stateKeys);
  }

  /** How control passes along an edge. */
  /** Mermaid flowchart text; {@code xray} expands subgraphs. */
  public String mermaid(boolean xray) {
    return Mermaid.draw(this, xray);
  }

  /** Graphviz DOT text (render it with {@link Images} or any Graphviz). */
  public String dot() {
    return Dot.draw(this);
  }

  /** A JSON-ready description: nodes with policies and subgraphs, edges with kinds and conditions, state keys. */
  public Map<String, Object> manifest() {
    return Manifest.of(this);
  }

  public enum EdgeKind {
    /** A plain edge: the target runs in the step after the source. */
    EDGE,
    /** One input of a join: the target runs once every source of the join ran. */
    JOIN,
    /** A possible destination of a conditional edge (router). */
    CONDITIONAL,
    /** A destination the source declares it may reach with a Command goto or a Send. */
    DESTINATION
  }

  /**
   * A node. {@code id} is {@code __start__}, {@code __end__} or the node name.
   *
   * @param policies retry, cache, defer settings (empty when none)
   * @param subgraph the subgraph's own view, or null
   */
  public record Node(String id, Map<String, Object> policies, GraphView subgraph) {
    public Node {
      policies = Map.copyOf(policies);
    }
  }

  /**
   * An edge. {@code join} names the join's sources for {@link EdgeKind#JOIN};
   * {@code condition} and {@code label} describe a conditional edge (either may be null).
   */
  public record Edge(String source, String target, EdgeKind kind, String condition, String label, List<String> join) {
    public Edge {
      join = join == null ? List.of() : List.copyOf(join);
    }
  }
}
