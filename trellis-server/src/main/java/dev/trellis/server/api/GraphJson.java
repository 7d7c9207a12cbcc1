package dev.trellis.server.api;

import dev.trellis.server.wire.Json;

import dev.trellis.draw.GraphView;
import dev.trellis.graph.CompiledGraph;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A graph's drawing ({@code {nodes, edges}}, with xray into subgraphs), as LangGraph serves it (schemas: {@link GraphSchemas}). */
final class GraphJson {
  private GraphJson() {}

  static Map<String, Object> drawing(CompiledGraph graph, int xray) {
    List<Map<String, Object>> nodes = new ArrayList<>();
    List<Map<String, Object>> edges = new ArrayList<>();
    add(graph.view(), "", xray, nodes, edges);
    return Map.of("nodes", nodes, "edges", edges);
  }

  private static void add(GraphView view, String prefix, int depth, List<Map<String, Object>> nodes,
                          List<Map<String, Object>> edges) {
    boolean inner = !prefix.isEmpty();
    for (GraphView.Node n : view.nodes()) {
      boolean terminal = n.id().equals("__start__") || n.id().equals("__end__");
      if (inner && terminal) {
        continue;
      }
      String id = prefix + n.id();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", id);
      m.put("type", terminal ? "schema" : "runnable");
      m.put("data", terminal ? n.id() : Map.of("id", List.of("trellis", "node", n.id()), "name", n.id()));
      if (!n.policies().isEmpty()) {
        m.put("metadata", Json.plain(n.policies()));
      }
      nodes.add(m);
      if (n.subgraph() != null && depth > 0) {
        add(n.subgraph(), id + ":", depth - 1, nodes, edges);
      }
    }
    for (GraphView.Edge e : view.edges()) {
      String source = inner && e.source().equals("__start__") ? prefix.substring(0, prefix.length() - 1) : prefix + e.source();
      String target = inner && e.target().equals("__end__") ? prefix.substring(0, prefix.length() - 1) : prefix + e.target();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("source", source);
      m.put("target", target);
      boolean conditional = e.kind() == GraphView.EdgeKind.CONDITIONAL || e.kind() == GraphView.EdgeKind.DESTINATION;
      m.put("conditional", conditional);
      if (e.label() != null) {
        m.put("data", e.label());
      }
      edges.add(m);
    }
  }
}
