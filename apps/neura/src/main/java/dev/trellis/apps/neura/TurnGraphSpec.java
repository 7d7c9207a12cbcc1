package dev.trellis.apps.neura;

import static dev.trellis.apps.neura.StageId.ASSEMBLY_GATE;
import static dev.trellis.apps.neura.StageId.CONTEXT_ASSEMBLY;
import static dev.trellis.apps.neura.StageId.CONTEXT_FORMAT;
import static dev.trellis.apps.neura.StageId.EMPATHY;
import static dev.trellis.apps.neura.StageId.END;
import static dev.trellis.apps.neura.StageId.FINALIZE;
import static dev.trellis.apps.neura.StageId.NAVIGATOR;
import static dev.trellis.apps.neura.StageId.PREFLIGHT;
import static dev.trellis.apps.neura.StageId.SAFETY_INTERVENTION;
import static dev.trellis.apps.neura.StageId.START;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trellis.spec.EdgeType;
import dev.trellis.spec.TopologySpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The whole-turn topology as typed values (seed 000's {@code turn_graph_spec}): the eleven
 * {@link #GRAPH_EDGES}. {@link NeuraTurn} wires the graph from them and nothing else says the
 * order of the stages; {@link #manifest} is what the frontend renders, from the same values.
 * {@code turn-graph.yaml} is the same topology read by {@link #fromYaml} into the same types.
 */
public final class TurnGraphSpec {
  /** The name of the topology (and of the graph). */
  public static final String NAME = "neura";

  /** The turn's edges, in the seed's order. */
  public static final List<GraphEdge> GRAPH_EDGES = List.of(
      GraphEdge.of(START, PREFLIGHT, EdgeType.ENTRY),
      GraphEdge.when(PREFLIGHT, SAFETY_INTERVENTION, EdgeCondition.SAFETY_HIJACKED),
      GraphEdge.when(PREFLIGHT, ASSEMBLY_GATE, EdgeCondition.NOT_SAFETY_HIJACKED),
      GraphEdge.of(SAFETY_INTERVENTION, FINALIZE, EdgeType.TERMINAL_PATH),
      GraphEdge.of(ASSEMBLY_GATE, CONTEXT_ASSEMBLY, EdgeType.PARALLEL_BRANCH),
      GraphEdge.of(ASSEMBLY_GATE, EMPATHY, EdgeType.PARALLEL_BRANCH),
      GraphEdge.of(CONTEXT_ASSEMBLY, CONTEXT_FORMAT, EdgeType.JOIN_INPUT),
      GraphEdge.of(EMPATHY, CONTEXT_FORMAT, EdgeType.JOIN_INPUT),
      GraphEdge.of(CONTEXT_FORMAT, NAVIGATOR, EdgeType.SEQUENCE),
      GraphEdge.of(NAVIGATOR, FINALIZE, EdgeType.SEQUENCE),
      GraphEdge.of(FINALIZE, END, EdgeType.EXIT));

  private static final ObjectMapper YAML = JsonMapper.builder(new YAMLFactory())
      .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private TurnGraphSpec() {
  }

  /** The topology as the library's spec, which validates it and wires the graph. */
  public static TopologySpec topology() {
    return topology(GRAPH_EDGES);
  }

  static TopologySpec topology(List<GraphEdge> edges) {
    return new TopologySpec(NAME, StageId.stages().stream().map(StageId::id).toList(),
        edges.stream().map(GraphEdge::toSpecEdge).toList());
  }

  /** The YAML form: {@code edges: [{source, target, type, condition}]}, read into the same types. */
  private record YamlForm(List<GraphEdge> edges) {
  }

  /**
   * Reads edges from YAML (stage ids, edge types and conditions by name).
   *
   * @throws IllegalArgumentException naming what does not read: an unknown stage, type, condition or field
   */
  public static List<GraphEdge> fromYaml(String yaml) {
    try {
      List<GraphEdge> edges = List.copyOf(YAML.readValue(yaml, YamlForm.class).edges());
      topology(edges); // the library's checks: entry/exit ends, joins of two or more, conditions
      return edges;
    } catch (IOException e) {
      throw new IllegalArgumentException("turn topology YAML does not read: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
    }
  }

  /** The edges of the bundled {@code turn-graph.yaml}. */
  public static List<GraphEdge> bundledYaml() {
    try (InputStream in = TurnGraphSpec.class.getResourceAsStream("turn-graph.yaml")) {
      return fromYaml(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The manifest the frontend renders: the stages, every edge with its type (and condition),
   * the seven edge types and the conditions. JSON-ready maps and lists.
   */
  public static Map<String, Object> manifest() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", NAME);
    m.put("stages", StageId.stages().stream().map(StageId::id).toList());
    List<Map<String, Object>> edges = new ArrayList<>();
    for (GraphEdge e : GRAPH_EDGES) {
      Map<String, Object> edge = new LinkedHashMap<>();
      edge.put("source", e.source().id());
      edge.put("target", e.target().id());
      edge.put("type", name(e.type()));
      if (e.condition() != null) {
        edge.put("condition", e.condition().value());
      }
      edges.add(edge);
    }
    m.put("edges", edges);
    m.put("edge_types", Arrays.stream(EdgeType.values()).map(TurnGraphSpec::name).toList());
    m.put("conditions", Arrays.stream(EdgeCondition.values()).map(EdgeCondition::value).toList());
    return m;
  }

  private static String name(EdgeType t) {
    return t.name().toLowerCase(Locale.ROOT);
  }
}
