package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code /assistants/{id}/schemas} and {@code /subgraphs} describe declared types as LangGraph's
 * server does for the equivalent Python graph (the expected JSON below is what LangGraph 1.2.12
 * gives for {@code StateGraph(State, context_schema=Ctx, input_schema=In, output_schema=Out)}
 * with {@code count: int}, {@code log: Annotated[list, operator.add]}, {@code note: str}, and a
 * dataclass {@code Ctx(user_id: str, limit: int)}).
 */
class SchemasTest {
  /** The run context the graph's nodes read. */
  record Ctx(String user_id, int limit) {}

  static final Schema STATE = Schema.of(Key.of("count", Integer.class), Key.appending("log", Object.class),
      Key.of("note", String.class));

  static StateGraph typed() {
    StateGraph inner = StateGraph.of(STATE);
    inner.addNode("s1", (s, rt) -> Update.empty());
    inner.addEdge(StateGraph.START, "s1");
    StateGraph g = StateGraph.of(STATE).contextType(Ctx.class).inputKeys("count").outputKeys("log");
    g.addNode("a", (s, rt) -> Update.empty());
    g.addNode("inner", inner.compile(CompileOptions.DEFAULT.withName("inner")));
    g.addEdge(StateGraph.START, "a");
    g.addEdge("a", "inner");
    return g;
  }

  static final Map<String, Object> COUNT = Map.of("title", "Count", "type", "integer");
  static final Map<String, Object> LOG = Map.of("title", "Log", "type", "array", "items", Map.of());
  static final Map<String, Object> NOTE = Map.of("title", "Note", "type", "string");

  @Test
  void schemasTypeStateInputOutputContextAndConfigFromTheDeclaredTypes() {
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(TestServers.tempDir().resolve("schemas.db"))
        .graph("typed", (saver, store) -> typed().compile(CompileOptions.checkpointer(saver).withName("typed")))
        .graph("plain", (saver, store) -> StateGraph.of(STATE).addNode("a", (s, rt) -> Update.empty())
            .addEdge(StateGraph.START, "a").compile(CompileOptions.checkpointer(saver)))
        .start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      Map<String, Object> s = http.call("GET", "/assistants/typed/schemas", null).map();
      assertEquals(Map.of("count", COUNT), props(s.get("input_schema")));
      assertEquals(Map.of("log", LOG), props(s.get("output_schema")));
      assertEquals(Map.of("count", COUNT, "log", LOG, "note", NOTE), props(s.get("state_schema")));
      // LangGraph: the same, except that a dataclass field with a default (limit = 3) is not required.
      Map<String, Object> ctx = Map.of("title", "Ctx", "type", "object", "required", List.of("user_id", "limit"),
          "properties", Map.of("user_id", Map.of("title", "User Id", "type", "string"),
              "limit", Map.of("title", "Limit", "type", "integer")));
      assertEquals(ctx, s.get("context_schema"));
      assertEquals(ctx, s.get("config_schema"));

      Map<String, Object> plain = http.call("GET", "/assistants/plain/schemas", null).map();
      assertNull(plain.get("context_schema"));
      assertEquals(Map.of(), plain.get("config_schema"));

      Map<String, Object> subs = http.call("GET", "/assistants/typed/subgraphs", null).map();
      Map<?, ?> inner = (Map<?, ?>) subs.get("inner");
      assertEquals("inner", inner.get("graph_id"));
      assertEquals(Map.of("count", COUNT, "log", LOG, "note", NOTE), props(inner.get("input_schema")));
      assertEquals(Map.of("count", COUNT, "log", LOG, "note", NOTE), props(inner.get("state_schema")));
      assertNull(inner.get("context_schema"));
      assertEquals(Map.of("inner", inner), http.call("GET", "/assistants/typed/subgraphs/inner", null).map());
    }
  }

  private static Map<?, ?> props(Object schema) {
    return (Map<?, ?>) ((Map<?, ?>) schema).get("properties");
  }
}
