package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.spec.EdgeType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The turn's topology as seed 000 types it: StageId, EdgeType, EdgeCondition, GraphEdge; YAML reads into the same types. */
class TurnGraphSpecTest {
  /** Seed 000's GRAPH_EDGES, as written in the post. */
  static final List<String> SEED = List.of(
      "__start__ → preflight entry",
      "preflight → safety_intervention conditional safety_hijacked",
      "preflight → assembly_gate conditional not_safety_hijacked",
      "safety_intervention → finalize terminal_path",
      "assembly_gate → context_assembly parallel_branch",
      "assembly_gate → empathy parallel_branch",
      "context_assembly → context_format join_input",
      "empathy → context_format join_input",
      "context_format → navigator sequence",
      "navigator → finalize sequence",
      "finalize → __end__ exit");

  static List<String> text(List<GraphEdge> edges) {
    return edges.stream().map(e -> e.source().id() + " → " + e.target().id() + " " + e.type().name().toLowerCase()
        + (e.condition() == null ? "" : " " + e.condition().value())).toList();
  }

  @Test
  void theTurnHasExactlyTheSeedsElevenEdges() {
    assertEquals(SEED, text(TurnGraphSpec.GRAPH_EDGES));
  }

  @Test
  void theYamlFormReadsIntoTheSameTypedEdges() {
    assertEquals(TurnGraphSpec.GRAPH_EDGES, TurnGraphSpec.bundledYaml());
  }

  @Test
  void yamlNamingAnUnknownStageIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TurnGraphSpec.fromYaml(
        "edges:\n  - {source: __start__, target: triage, type: entry}\n"));
    assertTrue(e.getMessage().contains("triage"), e.getMessage());
  }

  @Test
  void aConditionalEdgeCarriesAConditionAndNoOtherDoes() {
    assertThrows(IllegalArgumentException.class, () -> new GraphEdge(StageId.PREFLIGHT, StageId.FINALIZE,
        EdgeType.CONDITIONAL, null));
    assertThrows(IllegalArgumentException.class, () -> new GraphEdge(StageId.PREFLIGHT, StageId.FINALIZE,
        EdgeType.SEQUENCE, EdgeCondition.SAFETY_HIJACKED));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theManifestListsStagesEdgesTheSevenEdgeTypesAndTheConditions() {
    Map<String, Object> m = TurnGraphSpec.manifest();
    assertEquals(List.of("preflight", "safety_intervention", "assembly_gate", "context_assembly", "empathy",
        "context_format", "navigator", "finalize"), m.get("stages"));
    assertEquals(List.of("entry", "sequence", "conditional", "parallel_branch", "join_input", "terminal_path", "exit"),
        m.get("edge_types"));
    assertEquals(List.of("safety_hijacked", "not_safety_hijacked"), m.get("conditions"));
    List<Map<String, Object>> edges = (List<Map<String, Object>>) m.get("edges");
    assertEquals(SEED, edges.stream().map(e -> e.get("source") + " → " + e.get("target") + " " + e.get("type")
        + (e.containsKey("condition") ? " " + e.get("condition") : "")).toList());
  }
}
