package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A failed run reports errors by LangGraph's names, and a node's own exception as itself. */
class ErrorNamesTest {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder()
        .graph("boom", (saver, store) -> StateGraph.of(Schema.of(COUNT))
            .addNode("explode", (s, rt) -> {
              throw new IllegalStateException("the fuse was short");
            })
            .addSequence(StateGraph.START, "explode", StateGraph.END)
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .graph("forever", (saver, store) -> StateGraph.of(Schema.of(COUNT))
            .addNode("spin", (s, rt) -> Update.of(COUNT, s.get(COUNT) == null ? 1 : s.get(COUNT) + 1))
            .addEdge(StateGraph.START, "spin")
            .addEdge("spin", "spin")
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .sqlite(TestServers.tempDir().resolve("errors.db")).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Map<?, ?> errorOf(String graph, Map<String, Object> extra) {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    Map<String, Object> body = new java.util.HashMap<>(Map.of("assistant_id", graph, "input", Map.of("count", 0)));
    body.putAll(extra);
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", body);
    assertEquals(200, r.status(), r.text());
    return (Map<?, ?>) r.map().get("__error__");
  }

  @Test
  void aNodesOwnExceptionArrivesUnderItsOwnClassName() {
    Map<?, ?> error = errorOf("boom", Map.of());
    assertEquals("IllegalStateException", error.get("error"));
    assertEquals("the fuse was short", error.get("message"));
  }

  @Test
  void theRecursionLimitArrivesAsGraphRecursionError() {
    Map<?, ?> error = errorOf("forever", Map.of("config", Map.of("recursion_limit", 5)));
    assertEquals("GraphRecursionError", error.get("error"));
    assertTrue(String.valueOf(error.get("message")).contains("5"), String.valueOf(error));
  }

  @Test
  void theStreamedErrorEventCarriesTheSameNames() {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    String sse = http.call("POST", "/threads/" + t + "/runs/stream",
        Map.of("assistant_id", "boom", "input", Map.of("count", 0))).text();
    List<Object> errors = HttpClientHelper.data(sse, "error");
    assertEquals(1, errors.size(), sse);
    assertEquals("IllegalStateException", ((Map<?, ?>) errors.getFirst()).get("error"));
  }
}
