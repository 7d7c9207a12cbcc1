package dev.trellis.server.api;

import dev.trellis.draw.GraphView;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.Key;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A graph's drawing ({@code {nodes, edges}}, with xray into subgraphs) and its JSON Schemas, as LangGraph serves them. */
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

  static Map<String, Object> schemas(String graphId, CompiledGraph graph) {
    Map<String, Object> state = stateSchema(graphId, graph);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("graph_id", graphId);
    m.put("input_schema", state);
    m.put("output_schema", state);
    m.put("state_schema", state);
    m.put("config_schema", Map.of("title", "Configurable", "type", "object", "properties", Map.of()));
    m.put("context_schema", Map.of("title", "Context", "type", "object", "properties", Map.of()));
    return m;
  }

  private static Map<String, Object> stateSchema(String title, CompiledGraph graph) {
    Map<String, Object> props = new LinkedHashMap<>();
    for (Key<?> k : graph.schema().keys()) {
      props.put(k.name(), typeOf(k.type()));
    }
    return Map.of("title", title, "type", "object", "properties", props);
  }

  private static Map<String, Object> typeOf(Class<?> t) {
    if (t == null || t == Object.class) {
      return Map.of();
    }
    if (CharSequence.class.isAssignableFrom(t)) {
      return Map.of("type", "string");
    }
    if (t == Integer.class || t == Long.class || t == Short.class) {
      return Map.of("type", "integer");
    }
    if (Number.class.isAssignableFrom(t)) {
      return Map.of("type", "number");
    }
    if (t == Boolean.class) {
      return Map.of("type", "boolean");
    }
    if (List.class.isAssignableFrom(t)) {
      return Map.of("type", "array");
    }
    return Map.of("type", "object");
  }

  /** {@code {namespace: schemas}} of the graph's subgraph nodes (recursively with {@code recurse}). */
  static Map<String, Object> subgraphs(CompiledGraph graph, String namespace, boolean recurse) {
    Map<String, Object> out = new LinkedHashMap<>();
    collect(graph.view(), "", namespace, recurse, out);
    return out;
  }

  private static void collect(GraphView view, String prefix, String only, boolean recurse, Map<String, Object> out) {
    for (GraphView.Node n : view.nodes()) {
      if (n.subgraph() == null) {
        continue;
      }
      String ns = prefix + n.id();
      if (only == null || only.equals(ns)) {
        Map<String, Object> props = new LinkedHashMap<>();
        n.subgraph().stateKeys().forEach((k, v) -> props.put(k, Map.of()));
        Map<String, Object> schema = Map.of("title", n.id(), "type", "object", "properties", props);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("graph_id", n.id());
        m.put("input_schema", schema);
        m.put("output_schema", schema);
        m.put("state_schema", schema);
        m.put("config_schema", Map.of());
        out.put(ns, m);
      }
      if (recurse) {
        collect(n.subgraph(), ns + "|", only, true, out);
      }
    }
  }
}
