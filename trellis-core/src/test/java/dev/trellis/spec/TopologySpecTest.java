package dev.trellis.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.verify.Check;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Seed 000's whole-turn graph, built from a JSON topology spec. */
class TopologySpecTest {
  static final Key<Boolean> HIJACKED = Key.of("safety_hijacked", Boolean.class);
  static final Key<List<String>> STAGES = Key.appending("completed_stages", String.class);
  static final Schema SCHEMA = Schema.of(HIJACKED, STAGES);

  static TopologySpec spec() throws IOException {
    try (InputStream in = TopologySpecTest.class.getResourceAsStream("/spec/neura-turn.json")) {
      return TopologySpec.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  static CompiledGraph turn(TopologySpec spec) {
    Map<String, Node> nodes = new LinkedHashMap<>();
    for (String s : spec.stages()) {
      nodes.put(s, (state, rt) -> Update.of(STAGES, List.of(s)));
    }
    Map<String, Router> conditions = Map.of("safety_hijacked",
        s -> Boolean.TRUE.equals(s.get(HIJACKED)) ? "hijacked" : "clear");
    return spec.wire(SCHEMA, nodes, conditions).compile(CompileOptions.DEFAULT.withName(spec.name()));
  }

  @Test
  void wiredGraphRunsTheSafeTurn() throws IOException {
    assertEquals(List.of("preflight", "assembly_gate", "context_assembly", "empathy", "context_format", "navigator", "finalize"),
        turn(spec()).invoke(Map.of("safety_hijacked", false)).get(STAGES));
  }

  @Test
  void wiredGraphRoutesAHijackedTurnToSafety() throws IOException {
    assertEquals(List.of("preflight", "safety_intervention", "finalize"),
        turn(spec()).invoke(Map.of("safety_hijacked", true)).get(STAGES));
  }

  @Test
  void verifyProvesTheSafetyRoute() throws IOException {
    CompiledGraph g = turn(spec());
    g.verify(Check.passesThrough("navigator", "preflight"), Check.passesThrough("safety_intervention", "preflight"),
        Check.noUnreachableNodes(), Check.joinsSatisfiable(), Check.cyclesHaveExits(), Check.terminal("finalize")).orThrow();
  }

  @SuppressWarnings("unchecked")
  @Test
  void manifestOfTheCompiledGraphMatchesTheSpec() throws IOException {
    TopologySpec spec = spec();
    List<Map<String, Object>> edges = (List<Map<String, Object>>) turn(spec).manifest().get("edges");
    Set<String> fromManifest = edges.stream().map(e -> e.get("source") + "→" + e.get("target") + ":" + e.get("kind")
        + (e.containsKey("condition") ? "/" + e.get("condition") + "=" + e.get("label") : "")).collect(Collectors.toSet());
    Set<String> fromSpec = spec.edges().stream().map(e -> e.from() + "→" + e.to() + ":" + switch (e.kind()) {
      case JOIN_INPUT -> "join";
      case CONDITIONAL -> "conditional/" + e.condition() + "=" + e.when();
      default -> "edge";
    }).collect(Collectors.toSet());
    assertEquals(fromSpec, fromManifest);
  }

  @Test
  void specRoundTripsThroughJson() throws Exception {
    TopologySpec spec = spec();
    String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(spec.toJson());
    assertEquals(spec, TopologySpec.fromJson(json));
  }

  @Test
  void yamlSpecReadsLikeJson() throws Exception {
    String yaml = """
        name: mini
        stages: [a, b]
        edges:
          - {from: __start__, to: a, kind: entry}
          - {from: a, to: b, kind: conditional, condition: go, when: "yes"}
          - {from: b, to: __end__, kind: exit}
        """;
    TopologySpec spec = TopologySpec.fromYaml(yaml);
    assertEquals(List.of("a", "b"), spec.stages());
    assertEquals(SpecEdge.conditional("a", "b", "go", "yes"), spec.edges().get(1));
  }

  @Test
  void edgeToAnUnknownStageIsNamed() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> new TopologySpec("t", List.of("a"),
        List.of(SpecEdge.of("__start__", "a", EdgeType.ENTRY), SpecEdge.of("a", "ghost", EdgeType.SEQUENCE))));
    assertTrue(e.getMessage().contains("edge a → ghost (sequence): no stage named \"ghost\""), e.getMessage());
  }

  @Test
  void stageWithoutImplementationIsNamed() throws IOException {
    InvalidGraphException e = assertThrows(InvalidGraphException.class,
        () -> spec().wire(SCHEMA, Map.of(), Map.of()));
    assertTrue(e.getMessage().contains("stage \"preflight\""), e.getMessage());
  }

  @Test
  void conditionWithoutRouterIsNamed() throws IOException {
    TopologySpec spec = spec();
    Map<String, Node> nodes = new LinkedHashMap<>();
    spec.stages().forEach(s -> nodes.put(s, (state, rt) -> Update.empty()));
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> spec.wire(SCHEMA, nodes, Map.of()));
    assertTrue(e.getMessage().contains("condition \"safety_hijacked\""), e.getMessage());
  }

  @Test
  void singleJoinInputIsRejected() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> new TopologySpec("t", List.of("a", "b"),
        List.of(SpecEdge.of("__start__", "a", EdgeType.ENTRY), SpecEdge.of("a", "b", EdgeType.JOIN_INPUT))));
    assertTrue(e.getMessage().contains("join into \"b\" has 1 join input"), e.getMessage());
  }

  @Test
  void unknownEdgeKindInJsonIsNamed() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> TopologySpec.fromJson(
        "{\"name\":\"t\",\"stages\":[\"a\"],\"edges\":[{\"from\":\"__start__\",\"to\":\"a\",\"kind\":\"teleport\"}]}"));
    assertTrue(e.getMessage().contains("unknown kind \"teleport\""), e.getMessage());
  }
}
