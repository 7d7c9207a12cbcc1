package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /assistants/{id}/graph?xray=…} draws a subgraph node as LangGraph 1.2.12 does: with
 * xray the node is replaced by its inner nodes, and the edges into and out of it lead to the
 * subgraph's first and from its last nodes. Expected edges are LangGraph's for the same graph
 * ({@code plan → child(start → inner) → summary → END}).
 */
class GraphDrawingTest {

  static StateGraph outer() {
    StateGraph inner = StateGraph.of(SchemasTest.STATE);
    inner.addNode("inner", (s, rt) -> Update.empty());
    inner.addEdge(StateGraph.START, "inner");
    StateGraph g = StateGraph.of(SchemasTest.STATE);
    g.addNode("plan", (s, rt) -> Update.empty());
    g.addNode("child", inner.compile(CompileOptions.DEFAULT.withName("child")));
    g.addNode("summary", (s, rt) -> Update.empty());
    g.addEdge(StateGraph.START, "plan");
    g.addEdge("plan", "child");
    g.addEdge("child", "summary");
    g.addEdge("summary", StateGraph.END);
    return g;
  }

  @Test
  void xrayReplacesTheSubgraphNodeByItsInnerNodesAsLangGraphDoes() {
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(TestServers.tempDir().resolve("drawing.db"))
        .graph("outer", (saver, store) -> outer().compile(CompileOptions.checkpointer(saver).withName("outer")))
        .start()) {
      HttpClientHelper http = new HttpClientHelper(server);

      Map<String, Object> flat = http.call("GET", "/assistants/outer/graph", null).map();
      assertEquals(Set.of("__start__", "plan", "child", "summary", "__end__"), ids(flat));
      assertEquals(Set.of(List.of("__start__", "plan"), List.of("plan", "child"), List.of("child", "summary"),
          List.of("summary", "__end__")), edges(flat));

      Map<String, Object> xray = http.call("GET", "/assistants/outer/graph?xray=true", null).map();
      assertEquals(Set.of("__start__", "plan", "child:inner", "summary", "__end__"), ids(xray));
      assertEquals(Set.of(List.of("__start__", "plan"), List.of("plan", "child:inner"), List.of("child:inner", "summary"),
          List.of("summary", "__end__")), edges(xray));
    }
  }

  private static Set<Object> ids(Map<String, Object> drawing) {
    return ((List<?>) drawing.get("nodes")).stream().map(n -> ((Map<?, ?>) n).get("id")).collect(Collectors.toSet());
  }

  private static Set<List<Object>> edges(Map<String, Object> drawing) {
    return ((List<?>) drawing.get("edges")).stream()
        .map(e -> List.<Object>of(((Map<?, ?>) e).get("source"), ((Map<?, ?>) e).get("target")))
        .collect(Collectors.toSet());
  }
}
