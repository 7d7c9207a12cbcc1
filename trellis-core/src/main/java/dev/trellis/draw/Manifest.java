package dev.trellis.draw;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON-ready description of a graph — nodes with policies and subgraphs, edges with
 * their kind and condition, state keys with their rules — for frontends and reviews. Built
 * from the compiled program, so the manifest is what runs. Maps and lists only: serialize
 * with any JSON library.
 */
final class Manifest {
  private Manifest() {}

  static Map<String, Object> of(GraphView view) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", view.name());
    m.put("state", view.stateKeys());
    List<Object> nodes = new ArrayList<>();
    for (GraphView.Node n : view.nodes()) {
      Map<String, Object> node = new LinkedHashMap<>();
      node.put("id", n.id());
      node.put("kind", n.id().equals("__start__") ? "entry" : n.id().equals("__end__") ? "exit"
          : n.subgraph() != null ? "subgraph" : "node");
      if (!n.policies().isEmpty()) {
        node.put("policies", n.policies());
      }
      if (n.subgraph() != null) {
        node.put("subgraph", of(n.subgraph()));
      }
      nodes.add(node);
    }
    m.put("nodes", nodes);
    List<Object> edges = new ArrayList<>();
    for (GraphView.Edge e : view.edges()) {
      Map<String, Object> edge = new LinkedHashMap<>();
      edge.put("source", e.source());
      edge.put("target", e.target());
      edge.put("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
      if (e.condition() != null) {
        edge.put("condition", e.condition());
      }
      if (e.label() != null) {
        edge.put("label", e.label());
      }
      if (!e.join().isEmpty()) {
        edge.put("join", e.join());
      }
      edges.add(edge);
    }
    m.put("edges", edges);
    return m;
  }
}
