package dev.trellis.verify;

import static dev.trellis.core.StateGraph.END;
import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** verify, manifest and Mermaid on the whole-turn topology of seed 000 and the safety route of seed 002. */
class TopologyToolsTest {
  static final Key<Boolean> HIJACKED = Key.of("safety_hijacked", Boolean.class);
  static final Key<List<String>> STAGES = Key.appending("completed_stages", String.class);

  static dev.trellis.graph.Node stage(String name) {
    return (s, rt) -> Update.of(STAGES, List.of(name));
  }

  /** preflight → (safety_intervention | assembly_gate) ; assembly_gate → context_assembly ∥ empathy → context_format → navigator → finalize. */
  static CompiledGraph neuraTurn() {
    return StateGraph.of(Schema.of(HIJACKED, STAGES))
        .addNode("preflight", stage("preflight"))
        .addNode("safety_intervention", stage("safety_intervention"))
        .addNode("assembly_gate", stage("assembly_gate"))
        .addNode("context_assembly", stage("context_assembly"), NodeOptions.retry(RetryPolicy.maxAttempts(2))
            .withTimeout(dev.trellis.policy.TimeoutPolicy.run(java.time.Duration.ofSeconds(20))))
        .addNode("empathy", stage("empathy"))
        .addNode("context_format", stage("context_format"))
        .addNode("navigator", stage("navigator"))
        .addNode("finalize", stage("finalize"))
        .addEdge(START, "preflight")
        .addConditionalEdges("preflight", "safety_hijacked", s -> Boolean.TRUE.equals(s.get(HIJACKED)) ? "hijacked" : "clear",
            Map.of("hijacked", "safety_intervention", "clear", "assembly_gate"))
        .addEdge("safety_intervention", "finalize")
        .addEdge("assembly_gate", "context_assembly").addEdge("assembly_gate", "empathy")
        .addEdge(List.of("context_assembly", "empathy"), "context_format")
        .addEdge("context_format", "navigator").addEdge("navigator", "finalize").addEdge("finalize", END)
        .compile(CompileOptions.DEFAULT.withName("turn"));
  }

  @Test
  void safetyGateBeforeMemoryIsProvenInOneLine() {
    assertTrue(neuraTurn().verify(Check.passesThrough("navigator", "preflight")).holds());
  }

  @Test
  void aBypassIsReportedWithThePathThatBreaksIt() {
    Verification v = neuraTurn().verify(Check.passesThrough("finalize", "navigator"));
    assertFalse(v.holds());
    assertEquals(List.of("__start__", "preflight", "safety_intervention", "finalize"), v.violations().getFirst().path());
    TrellisException e = assertThrows(TrellisException.class, v::orThrow);
    assertTrue(e.getMessage().contains("__start__ → preflight → safety_intervention → finalize"), e.getMessage());
  }

  @Test
  void wellFormedTurnPassesTheStructuralChecks() {
    Verification v = neuraTurn().verify(Check.noUnreachableNodes(), Check.joinsSatisfiable(), Check.cyclesHaveExits(),
        Check.terminal("finalize"));
    assertTrue(v.holds(), v.violations().toString());
  }

  @Test
  void loopWithoutConditionalExitIsFound() {
    CompiledGraph g = StateGraph.of(Schema.of(STAGES)).addNode("a", stage("a")).addNode("b", stage("b"))
        .addEdge(START, "a").addEdge("a", "b").addEdge("b", "a").compile();
    Verification v = g.verify(Check.cyclesHaveExits());
    assertEquals(1, v.violations().size());
    assertTrue(v.violations().getFirst().message().contains("a → b → a"), v.violations().getFirst().message());
  }

  @Test
  void unsatisfiableJoinIsFound() {
    CompiledGraph g = StateGraph.of(Schema.of(STAGES)).addNode("a", stage("a")).addNode("b", stage("b"))
        .addNode("c", stage("c")).addEdge(START, "a").addEdge(List.of("a", "b"), "c").addEdge("c", "b").compile();
    assertFalse(g.verify(Check.joinsSatisfiable()).holds());
  }

  @Test
  void nonTerminalNodeIsNamed() {
    Verification v = neuraTurn().verify(Check.terminal("navigator"));
    assertTrue(v.violations().getFirst().message().contains("leads to \"finalize\""));
  }

  @Test
  void unknownNodeInACheckIsAViolationNotACrash() {
    assertTrue(neuraTurn().verify(Check.passesThrough("load_memory", "crisis_gate")).violations().getFirst().message()
        .contains("no node named \"load_memory\""));
  }

  @SuppressWarnings("unchecked")
  @Test
  void manifestDescribesWhatRuns() {
    Map<String, Object> m = neuraTurn().manifest();
    assertEquals("turn", m.get("name"));
    List<Map<String, Object>> edges = (List<Map<String, Object>>) m.get("edges");
    assertTrue(edges.contains(Map.of("source", "preflight", "target", "safety_intervention", "kind", "conditional",
        "condition", "safety_hijacked", "label", "hijacked")));
    assertTrue(edges.contains(Map.of("source", "empathy", "target", "context_format", "kind", "join",
        "join", List.of("context_assembly", "empathy"))));
    assertTrue(edges.contains(Map.of("source", "finalize", "target", "__end__", "kind", "edge")));
    List<Map<String, Object>> nodes = (List<Map<String, Object>>) m.get("nodes");
    Map<String, Object> assembly = nodes.stream().filter(n -> n.get("id").equals("context_assembly")).findFirst().orElseThrow();
    assertEquals(2, ((List<Map<String, Object>>) ((Map<String, Object>) assembly.get("policies")).get("retry")).getFirst()
        .get("maxAttempts"));
    assertEquals(Map.of("runMs", 20_000L), ((Map<String, Object>) assembly.get("policies")).get("timeout"));
    assertEquals(Map.of("safety_hijacked", "last", "completed_stages", "append"), m.get("state"));
  }

  @Test
  void mermaidDrawsConditionalEdgesDashedAndJoinsSolid() {
    String text = neuraTurn().drawMermaid(false);
    assertTrue(text.contains("\tpreflight -. &nbsp;hijacked&nbsp; .-> safety_intervention;"), text);
    assertTrue(text.contains("\tempathy --> context_format;"), text);
    assertTrue(text.contains("\t__start__ --> preflight;"), text);
    assertTrue(text.contains("\tfinalize --> __end__;"), text);
  }

  @Test
  void mermaidXrayExpandsSubgraphs() {
    CompiledGraph inner = StateGraph.of(Schema.of(STAGES)).addNode("s1", stage("s1")).addEdge(START, "s1")
        .addEdge("s1", END).compile();
    CompiledGraph outer = StateGraph.of(Schema.of(STAGES)).addNode("sub", inner).addNode("after", stage("after"))
        .addEdge(START, "sub").addEdge("sub", "after").addEdge("after", END).compile();
    String flat = outer.drawMermaid(false);
    assertTrue(flat.contains("\tsub --> after;"), flat);
    String xray = outer.drawMermaid(true);
    assertTrue(xray.contains("\tsubgraph sub\n"), xray);
    assertTrue(xray.contains("\tsub___start__ --> sub_s1;"), xray);
    assertTrue(xray.contains("\tsub___end__ --> after;"), xray);
  }

  @Test
  void dotTextAndImagesRenderOffline() throws Exception {
    String dot = neuraTurn().drawDot();
    assertTrue(dot.contains("\"preflight\" -> \"safety_intervention\" [style=dashed, label=\"hijacked\"];"), dot);
    String svg = new String(dev.trellis.draw.Images.render(neuraTurn().view(), "svg"), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(svg.contains("<svg") && svg.contains("context_format"), svg.substring(0, Math.min(200, svg.length())));
    byte[] png = dev.trellis.draw.Images.render(neuraTurn().view(), "png");
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
  }

  @Test
  void commandDestinationsAreDrawnInTheOrderTheyWereDeclared() {
    List<String> order = List.of("z_last_alphabetically", "m_middle", "a_first_alphabetically", "q_other");
    StateGraph b = StateGraph.of(Schema.of(STAGES))
        .addNode("gate", (s, rt) -> dev.trellis.graph.Command.goTo("q_other"),
            NodeOptions.destinations(order.toArray(String[]::new)))
        .addEdge(START, "gate");
    order.forEach(n -> b.addNode(n, stage(n)).addEdge(n, END));
    String mermaid = b.compile().drawMermaid(false);
    List<Integer> positions = order.stream().map(n -> mermaid.indexOf("gate -.-> " + n + ";")).toList();
    assertTrue(positions.stream().allMatch(p -> p >= 0), mermaid);
    assertEquals(positions.stream().sorted().toList(), positions, mermaid);
    assertEquals(order, List.copyOf(NodeOptions.destinations(order.toArray(String[]::new)).destinations()));
  }
}
