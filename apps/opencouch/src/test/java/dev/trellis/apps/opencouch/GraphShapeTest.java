package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.draw.GraphView;
import dev.trellis.verify.Check;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The topology the seeds name, proven on the compiled graph. */
class GraphShapeTest {
  static final CompiledGraph GRAPH = new Couch().graph;

  @Test
  void memoryIsOnlyLoadedAfterTheCrisisGate() {
    assertTrue(GRAPH.verify(OpenCouch.safetyFirst()).holds());
    assertTrue(GRAPH.verify(Check.passesThrough("therapeutic", "crisis_gate"), Check.passesThrough("crisis_log", "crisis_gate"),
        Check.noUnreachableNodes(), Check.terminal("crisis_log")).holds());
  }

  @Test
  void theVerifierWouldRefuseAGraphThatSkipsTheGate() {
    // the same check on a path that does not pass the gate: extract_* never run before finalize_turn
    assertFalse(GRAPH.verify(Check.passesThrough("crisis_log", "load_memory")).holds());
  }

  @Test
  void parentHasTheTenNodesAndTheSubgraphItsSeven() {
    GraphView view = GRAPH.view();
    assertEquals(Set.of("crisis_gate", "crisis_response", "safety_reply", "crisis_log", "load_memory", "therapeutic", "finalize_turn",
        "extract_semantic_facts", "extract_procedural_rules", "end_turn"), names(view));
    GraphView sub = view.nodes().stream().filter(n -> n.id().equals("therapeutic")).findFirst().orElseThrow().subgraph();
    assertEquals(Set.of("dispatcher", "supportive", "reflective", "clarifying", "psychoeducation", "guided_exercise",
        "closing"), names(sub));
  }

  @Test
  void extractorsFanOutFromFinalizeAndTheGateRoutesByCommand() {
    Set<String> edges = GRAPH.view().edges().stream().map(e -> e.source() + ">" + e.target()).collect(Collectors.toSet());
    assertTrue(edges.containsAll(List.of("finalize_turn>extract_semantic_facts", "finalize_turn>extract_procedural_rules",
        "crisis_gate>crisis_response", "crisis_gate>load_memory", "crisis_response>crisis_log", "load_memory>therapeutic",
        "therapeutic>finalize_turn", "extract_semantic_facts>end_turn", "extract_procedural_rules>end_turn")),
        edges.toString());
  }

  private static Set<String> names(GraphView view) {
    return view.nodes().stream().map(GraphView.Node::id).filter(n -> !n.startsWith("__")).collect(Collectors.toSet());
  }
}
