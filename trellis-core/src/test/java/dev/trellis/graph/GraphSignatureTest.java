package dev.trellis.graph;

import static dev.trellis.core.StateGraph.END;
import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphSignatureTest {
  record Ctx(String userId) {}

  @Test
  void signatureListsKeysTypesAndContextInSchemaOrder() {
    GraphSignature s = StateGraph.of(SCHEMA).contextType(Ctx.class).addNode("a", logs("a"))
        .addEdge(START, "a").inputKeys("log").outputKeys("answer", "count").compile().signature();
    assertEquals(List.of("log", "count", "answer"), s.stateKeys());
    assertEquals(Map.of("log", List.class, "count", Integer.class, "answer", String.class), s.stateTypes());
    assertEquals(List.of("log"), s.inputKeys());
    assertEquals(List.of("count", "answer"), s.outputKeys(), "schema order, not the order given");
    assertEquals(Ctx.class, s.contextType());
    assertEquals(Map.of(), s.subgraphs());
  }

  @Test
  void signatureNestsSubgraphNodesByName() {
    CompiledGraph inner = StateGraph.of(Schema.of(Fixtures.LOG)).addNode("x", logs("x")).addEdge(START, "x").compile();
    CompiledGraph outer = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("sub", inner)
        .addEdge(START, "a").addEdge("a", "sub").addEdge("sub", END).compile();
    GraphSignature s = outer.signature();
    assertEquals(List.of("sub"), List.copyOf(s.subgraphs().keySet()));
    GraphSignature sub = s.subgraphs().get("sub");
    assertEquals(List.of("log"), sub.stateKeys());
    assertNull(sub.contextType());
    assertThrows(UnsupportedOperationException.class, () -> s.subgraphs().put("other", sub));
  }
}
