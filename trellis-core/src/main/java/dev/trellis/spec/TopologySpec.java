package dev.trellis.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.core.StateGraph;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A graph's topology declared as data — typed stages and typed edges — from which the
 * {@link StateGraph} is wired ({@link #wire}); nothing else hand-codes the order, so the
 * manifest and drawing of the compiled graph, and the graph that runs, come from this one
 * source. Immutable. Written in Java or read from JSON ({@link #fromJson}) or YAML ({@link #fromYaml}):
 *
 * <pre>{"name": "turn", "stages": ["preflight", "navigator"],
 *  "edges": [{"from": "__start__", "to": "preflight", "kind": "entry"},
 *            {"from": "preflight", "to": "navigator", "kind": "conditional", "condition": "safe", "when": "yes"}]}</pre>
 */
public record TopologySpec(String name, List<String> stages, List<SpecEdge> edges) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());

  public TopologySpec {
    Objects.requireNonNull(name, "name");
    stages = List.copyOf(stages);
    edges = List.copyOf(edges);
    validate(stages, edges);
  }

  private static void validate(List<String> stages, List<SpecEdge> edges) {
    Set<String> known = new LinkedHashSet<>(stages);
    if (known.size() != stages.size()) {
      throw new InvalidGraphException(ErrorCode.DUPLICATE_NODE, "a stage is declared twice: " + stages);
    }
    Map<String, Integer> joinInputs = new LinkedHashMap<>();
    for (SpecEdge e : edges) {
      String where = "edge " + e.from() + " → " + e.to() + " (" + e.kind().name().toLowerCase(Locale.ROOT) + ")";
      if (!e.from().equals(StateGraph.START) && !known.contains(e.from())) {
        throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, where + ": no stage named \"" + e.from() + "\" (stages: "
            + String.join(", ", stages) + ")");
      }
      if (!e.to().equals(StateGraph.END) && !known.contains(e.to())) {
        throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, where + ": no stage named \"" + e.to() + "\" (stages: "
            + String.join(", ", stages) + ")");
      }
      if ((e.kind() == EdgeType.ENTRY) != e.from().equals(StateGraph.START)) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, where + ": entry edges, and only they, start at START");
      }
      if ((e.kind() == EdgeType.EXIT) != e.to().equals(StateGraph.END)) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, where + ": exit edges, and only they, end at END");
      }
      if ((e.kind() == EdgeType.CONDITIONAL) != (e.condition() != null && e.when() != null)) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, where + ": conditional edges, and only they, name a condition and a when-label");
      }
      if (e.kind() == EdgeType.JOIN_INPUT) {
        joinInputs.merge(e.to(), 1, Integer::sum);
      }
    }
    joinInputs.forEach((target, n) -> {
      if (n < 2) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "join into \"" + target + "\" has " + n
            + " join input; a join needs two or more (use a sequence edge for one)");
      }
    });
  }

  /**
   * Reads a spec from JSON text (the shape in the class comment).
   *
   * @throws InvalidGraphException {@code INVALID_SPEC} for text that is not a spec; {@code INVALID_EDGE},
   *     {@code UNKNOWN_NODE} or {@code DUPLICATE_NODE} for a spec whose edges and stages disagree
   */
  public static TopologySpec fromJson(String json) {
    return read(JSON, json, "JSON");
  }

  /**
   * Reads a spec from YAML text (the same fields as JSON).
   *
   * @throws InvalidGraphException as {@link #fromJson}
   */
  public static TopologySpec fromYaml(String yaml) {
    return read(YAML, yaml, "YAML");
  }

  private static TopologySpec read(ObjectMapper mapper, String text, String format) {
    try {
      JsonNode root = mapper.readTree(text);
      List<String> stages = new ArrayList<>();
      root.path("stages").forEach(s -> stages.add(s.asText()));
      List<SpecEdge> edges = new ArrayList<>();
      for (JsonNode e : root.path("edges")) {
        EdgeType kind;
        try {
          kind = EdgeType.valueOf(e.path("kind").asText().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException bad) {
          throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "edge " + e + ": unknown kind \"" + e.path("kind").asText()
              + "\" (kinds: entry, sequence, conditional, parallel_branch, join_input, terminal_path, exit)");
        }
        edges.add(new SpecEdge(e.path("from").asText(), e.path("to").asText(), kind,
            e.hasNonNull("condition") ? e.get("condition").asText() : null,
            e.hasNonNull("when") ? e.get("when").asText() : null));
      }
      return new TopologySpec(root.path("name").asText("graph"), stages, edges);
    } catch (IOException e) {
      throw new InvalidGraphException(ErrorCode.INVALID_SPEC, "topology spec is not valid " + format + ": " + e.getMessage());
    }
  }

  /** The spec as JSON-ready maps and lists (the same shape {@link #fromJson} reads). */
  public Map<String, Object> toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("stages", stages);
    List<Object> es = new ArrayList<>();
    for (SpecEdge e : edges) {
      Map<String, Object> edge = new LinkedHashMap<>();
      edge.put("from", e.from());
      edge.put("to", e.to());
      edge.put("kind", e.kind().name().toLowerCase(Locale.ROOT));
      if (e.condition() != null) {
        edge.put("condition", e.condition());
        edge.put("when", e.when());
      }
      es.add(edge);
    }
    m.put("edges", es);
    return m;
  }

  /**
   * Wires a graph from this spec: one node per stage from {@code nodes} (with
   * {@code options} where given), join inputs collapsed into one join per target,
   * conditional edges into one named conditional edge per (stage, condition) whose router
   * comes from {@code conditions}. Fails naming a stage without a node or a condition
   * without a router.
   *
   * @throws InvalidGraphException {@code MISSING_NODE} or {@code MISSING_CONDITION}
   */
  public StateGraph wire(Schema schema, Map<String, Node> nodes, Map<String, Router> conditions,
                         Map<String, NodeOptions> options) {
    StateGraph g = StateGraph.of(schema);
    for (String stage : stages) {
      Node n = nodes.get(stage);
      if (n == null) {
        throw new InvalidGraphException(ErrorCode.MISSING_NODE, "stage \"" + stage + "\" of spec \"" + name
            + "\" has no node implementation (given: " + String.join(", ", nodes.keySet()) + ")");
      }
      g.addNode(stage, n, options.getOrDefault(stage, NodeOptions.DEFAULT));
    }
    Map<String, List<String>> joins = new LinkedHashMap<>();
    Map<String, Map<String, Map<String, String>>> routes = new LinkedHashMap<>();
    for (SpecEdge e : edges) {
      switch (e.kind()) {
        case JOIN_INPUT -> joins.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e.from());
        case CONDITIONAL -> routes.computeIfAbsent(e.from(), k -> new LinkedHashMap<>())
            .computeIfAbsent(e.condition(), k -> new LinkedHashMap<>()).put(e.when(), e.to());
        default -> g.addEdge(e.from(), e.to());
      }
    }
    joins.forEach((target, sources) -> g.addEdge(sources, target));
    routes.forEach((from, byCondition) -> byCondition.forEach((condition, pathMap) -> {
      Router r = conditions.get(condition);
      if (r == null) {
        throw new InvalidGraphException(ErrorCode.MISSING_CONDITION, "condition \"" + condition + "\" on stage \"" + from
            + "\" has no router (given: " + String.join(", ", conditions.keySet()) + ")");
      }
      g.addConditionalEdges(from, condition, r, pathMap);
    }));
    return g;
  }

  public StateGraph wire(Schema schema, Map<String, Node> nodes, Map<String, Router> conditions) {
    return wire(schema, nodes, conditions, Map.of());
  }
}
