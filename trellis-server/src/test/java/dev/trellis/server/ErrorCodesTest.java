package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Errors raised below the HTTP layer — by the stores, the queue, the wire parser, the engine —
 * reach the client through the one error mapper as a 4xx with {@code {detail, code}}, never as a 500.
 */
class ErrorCodesTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("codes.db")).maxStateBytes(4096).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void answered(HttpClientHelper.Reply r, int status, String code, String detailPart) {
    assertEquals(status, r.status(), r.text());
    assertEquals(code, r.map().get("code"), r.text());
    assertTrue(String.valueOf(r.map().get("detail")).contains(detailPart), r.text());
  }

  @Test
  void aMissingThreadFromTheThreadStoreIsA404() {
    answered(http.call("GET", "/threads/11111111-1111-1111-1111-111111111111", null), 404, "NOT_FOUND",
        "thread 11111111-1111-1111-1111-111111111111 not found");
  }

  @Test
  void anExistingThreadIdIsA409() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    answered(http.call("POST", "/threads", Map.of("thread_id", thread)), 409, "CONFLICT", thread);
  }

  @Test
  void malformedJsonFromTheWireParserIsA422() {
    answered(http.raw("POST", "/threads", "{\"metadata\": ", "application/json"), 422, "INVALID_REQUEST",
        "malformed JSON");
  }

  @Test
  void aGraphTheServerDoesNotServeIsA404() {
    answered(http.call("POST", "/assistants", Map.of("graph_id", "ghost")), 404, "NOT_FOUND", "ghost");
  }

  @Test
  void anUpdateTheEngineRefusesKeepsTheEnginesCode() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    answered(http.call("POST", "/threads/" + thread + "/state", Map.of("values", Map.of("count", 1), "as_node", "ghost")),
        422, "UNKNOWN_NODE", "ghost");
  }

  @Test
  void aStateOverTheSizeLimitIsA413() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    answered(http.call("POST", "/threads/" + thread + "/state", Map.of("values", Map.of("log", List.of("x".repeat(10_000))),
        "as_node", "n9")), 413, "TOO_LARGE", "state too large");
  }
}
