package dev.trellis.server.api;

import dev.trellis.core.CompiledGraph;
import dev.trellis.draw.GraphView;
import dev.trellis.server.wire.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A graph's drawing ({@code {nodes, edges}}, with xray into subgraphs), as LangGraph serves it (schemas: {@link GraphSchemas}). */
final class GraphJson {
  private static final String START = "__start__";
  private static final String END = "__end__";

  private GraphJson() {}

  static Map<String, Object> drawing(CompiledGraph graph, int xray) {
    List<Map<String, Object>> nodes = new ArrayList<>();
    List<Map<String, Object>> edges = new ArrayList<>();
    add(graph.view(), "", xray, nodes, edges);
    return Map.of("nodes", nodes, "edges", edges);
  }

  /** The nodes a drawn (sub)graph is entered at and left from, by full id. */
  private record Ends(List<String> entries, List<String> exits) {}

  /**
   * Adds {@code view}'s nodes and edges under {@code prefix}. As LangGraph's xray, a subgraph node
   * drawn {@code depth} deep is replaced by its inner nodes ({@code child:inner}): edges into it
   * lead to the subgraph's first nodes, edges out of it leave from its last ones.
   */
  private static Ends add(GraphView view, String prefix, int depth, List<Map<String, Object>> nodes,
                          List<Map<String, Object>> edges) {
    boolean inner = !prefix.isEmpty();
    Map<String, Ends> expanded = new HashMap<>();
    for (GraphView.Node n : view.nodes()) {
      boolean terminal = n.id().equals(START) || n.id().equals(END);
      if (inner && terminal) {
        continue;
      }
      String id = prefix + n.id();
      if (n.subgraph() != null && depth > 0) {
        expanded.put(n.id(), add(n.subgraph(), id + ":", depth - 1, nodes, edges));
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", id);
      m.put("type", terminal ? "schema" : "runnable");
      m.put("data", terminal ? n.id() : Map.of("id", List.of("trellis", "node", n.id()), "name", n.id()));
      if (!n.policies().isEmpty()) {
        m.put("metadata", Json.plain(n.policies()));
      }
      nodes.add(m);
    }
    List<String> entries = new ArrayList<>();
    List<String> exits = new ArrayList<>();
    for (GraphView.Edge e : view.edges()) {
      List<String> sources = expanded.containsKey(e.source()) ? expanded.get(e.source()).exits() : List.of(prefix + e.source());
      List<String> targets = expanded.containsKey(e.target()) ? expanded.get(e.target()).entries() : List.of(prefix + e.target());
      if (inner && e.source().equals(START)) {
        entries.addAll(targets);
        continue;
      }
      if (inner && e.target().equals(END)) {
        exits.addAll(sources);
        continue;
      }
      boolean conditional = e.kind() == GraphView.EdgeKind.CONDITIONAL || e.kind() == GraphView.EdgeKind.DESTINATION;
      for (String source : sources) {
        for (String target : targets) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("source", source);
          m.put("target", target);
          m.put("conditional", conditional);
          if (e.label() != null) {
            m.put("data", e.label());
          }
          edges.add(m);
        }
      }
    }
    if (inner && exits.isEmpty()) {
      // a subgraph whose nodes never name END ends where its last nodes have no way onwards
      for (Map<String, Object> n : nodes) {
        String id = (String) n.get("id");
        if (id.startsWith(prefix) && id.indexOf(':', prefix.length()) < 0
            && edges.stream().noneMatch(e -> id.equals(e.get("source")))) {
          exits.add(id);
        }
      }
    }
    return new Ends(entries, exits);
  }
}
