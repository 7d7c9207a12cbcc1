package dev.trellis.graph;

import static dev.trellis.core.StateGraph.END;
import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** compile() rejects broken graphs with an error that names the culprit. */
class GraphValidationTest {

  private static InvalidGraphException fails(Runnable r) {
    return assertThrows(InvalidGraphException.class, r::run);
  }

  @Test
  void edgeToUnknownNodeNamesTheEdgeAndTheKnownNodes() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("plan", logs("plan")).addNode("act", logs("act"))
        .addEdge(START, "plan").addEdge("plan", "exec").compile());
    assertEquals(ErrorCode.UNKNOWN_NODE, e.code());
    assertTrue(e.getMessage().contains("\"plan\" → \"exec\": no node named \"exec\" (nodes: plan, act)"), e.getMessage());
  }

  @Test
  void edgeFromUnknownNodeIsNamed() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a"))
        .addEdge(START, "a").addEdge("ghost", "a").compile());
    assertTrue(e.getMessage().contains("no node named \"ghost\""), e.getMessage());
  }

  @Test
  void unreachableNodeIsNamed() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("island", logs("i"))
        .addEdge(START, "a").compile());
    assertEquals(ErrorCode.UNREACHABLE_NODE, e.code());
    assertTrue(e.getMessage().contains("\"island\""), e.getMessage());
  }

  @Test
  void declaredDestinationsMakeANodeReachable() {
    StateGraph.of(SCHEMA).addNode("a", (s, rt) -> Command.goTo("b"), NodeOptions.destinations("b"))
        .addNode("b", logs("b")).addEdge(START, "a").compile();
  }

  @Test
  void unreachableNodesCanBeAllowedLikeLangGraph() {
    StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withUnreachableAllowed(true));
  }

  @Test
  void duplicateNodeIsRejectedWhenAdded() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("a", logs("a")));
    assertEquals(ErrorCode.DUPLICATE_NODE, e.code());
  }

  @Test
  void reservedNodeNamesAreRejected() {
    assertEquals(ErrorCode.RESERVED_NAME, fails(() -> StateGraph.of(SCHEMA).addNode(START, logs("x"))).code());
    assertEquals(ErrorCode.RESERVED_NAME, fails(() -> StateGraph.of(SCHEMA).addNode("__secret", logs("x"))).code());
    assertEquals(ErrorCode.RESERVED_NAME, fails(() -> StateGraph.of(SCHEMA).addNode("a:b", logs("x"))).code());
  }

  @Test
  void reservedKeyNamesAreRejected() {
    assertEquals(ErrorCode.INVALID_KEY, fails(() -> Key.of("__start__", String.class)).code());
  }

  @Test
  void graphWithoutEntryIsRejected() {
    assertEquals(ErrorCode.NO_ENTRY, fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge("a", END).compile()).code());
  }

  @Test
  void conditionalEdgeToUnknownNodeInPathMapIsRejected() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .addConditionalEdges("a", s -> "x", Map.of("x", "nowhere")).compile());
    assertTrue(e.getMessage().contains("\"a\" → \"nowhere\""), e.getMessage());
  }

  @Test
  void interruptBeforeUnknownNodeIsRejected() {
    InvalidGraphException e = fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withInterruptBefore("b")));
    assertTrue(e.getMessage().contains("interruptBefore names \"b\""), e.getMessage());
  }

  @Test
  void joinFromStartIsRejected() {
    fails(() -> StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").addEdge(List.of(START, "a"), "a").compile());
  }

  @Test
  void routerLabelOutsidePathMapFailsAtRunTimeNamingTheLabel() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addEdge(START, "a")
        .addConditionalEdges("a", s -> "elsewhere", Map.of("go", "b")).compile();
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> g.invoke(Map.of()));
    assertTrue(e.getMessage().contains("\"elsewhere\", which is not in its path map (go)"), e.getMessage());
  }

  @Test
  void routerToUnknownNodeFailsAtRunTime() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .addConditionalEdges("a", s -> "ghost").compile();
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> g.invoke(Map.of()));
    assertTrue(e.getMessage().contains("routed to \"ghost\""), e.getMessage());
  }

  @Test
  void commandWithANonNodeGotoIsRejectedWithItsType() {
    dev.trellis.error.InvalidUpdateException e = assertThrows(dev.trellis.error.InvalidUpdateException.class,
        () -> Command.goTo(42));
    assertTrue(e.getMessage().contains("java.lang.Integer 42"), e.getMessage());
  }

  @Test
  void inputOfTheWrongTypeIsAClearError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").compile();
    dev.trellis.error.InvalidUpdateException e = assertThrows(dev.trellis.error.InvalidUpdateException.class,
        () -> g.invoke("just a string"));
    assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
  }
}
