package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bad requests get a 4xx with a JSON detail, change no thread state, and the server keeps serving. */
class BadInputTest {
  static TrellisServer server;
  static HttpClientHelper http;
  static String thread;
  static Object stateBefore;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("bad.db")).maxBodyBytes(64 * 1024).start();
    http = new HttpClientHelper(server);
    thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "approval",
        "input", Map.of("topics", List.of(List.of("a")))));
    stateBefore = http.call("GET", "/threads/" + thread + "/state", null).body();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void refused(HttpClientHelper.Reply r, int status, String detailPart) {
    assertEquals(status, r.status(), r.text());
    assertTrue(r.raw().headers().firstValue("content-type").orElse("").startsWith("application/json"), r.text());
    String detail = String.valueOf(r.map().get("detail"));
    assertTrue(detail.contains(detailPart), "detail \"" + detail + "\" should mention " + detailPart);
    assertEquals(stateBefore, http.call("GET", "/threads/" + thread + "/state", null).body(), "thread state changed");
    assertEquals(200, http.call("GET", "/ok", null).status());
  }

  String runs() {
    return "/threads/" + thread + "/runs/wait";
  }

  @Test
  void malformedJsonIsA422() {
    refused(http.raw("POST", runs(), "{\"assistant_id\": ", "application/json"), 422, "malformed JSON");
    refused(http.raw("POST", "/threads", "[1, 2]", "application/json"), 422, "JSON object");
  }

  @Test
  void unknownAssistantThreadOrCheckpointIsA404() {
    refused(http.call("POST", runs(), Map.of("assistant_id", "ghost")), 404, "assistant ghost");
    refused(http.call("POST", "/threads/11111111-1111-1111-1111-111111111111/runs/wait",
        Map.of("assistant_id", "chain")), 404, "thread");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "checkpoint_id", "ffff")), 404, "checkpoint ffff");
    refused(http.call("GET", "/threads/" + thread + "/state/ffff", null), 404, "checkpoint");
    refused(http.call("GET", "/no/such/route", null), 404, "not found");
  }

  @Test
  void invalidCommandsAndParametersAreA422() {
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "command", "resume")), 422, "command");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "command", Map.of())), 422, "resume, update, goto");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "command", Map.of("goto", 7))), 422, "goto");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "stream_mode", "telepathy")), 422, "stream_mode");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "interrupt_before", List.of("ghost"))), 422, "ghost");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "input", "text")), 422, "input");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "multitask_strategy", "chaos")), 422, "multitask");
    refused(http.call("POST", runs(), Map.of("assistant_id", "approval", "durability", "forever")), 422, "durability");
    refused(http.call("POST", "/threads/" + thread + "/state", Map.of("values", Map.of("approved", "x"), "as_node", "ghost")),
        422, "ghost");
    refused(http.call("PUT", "/store/items", Map.of("namespace", List.of("a.b"), "key", "k", "value", Map.of())), 422, "'.'");
    refused(http.call("POST", "/threads/search", Map.of("limit", 0)), 422, "limit");
  }

  @Test
  void oversizeBodiesAreA413() {
    String big = "{\"assistant_id\": \"approval\", \"input\": {\"notes\": [\"" + "x".repeat(100_000) + "\"]}}";
    refused(http.raw("POST", runs(), big, "application/json", true), 413, "over the limit");
  }

  @Test
  void aRunThatFailsInsideTheGraphEndsInErrorWithoutA5xx() {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
        "input", Map.of("count", 0), "config", Map.of("recursion_limit", 3)));
    assertEquals(200, r.status());
    Map<?, ?> error = (Map<?, ?>) r.map().get("__error__");
    assertTrue(String.valueOf(error.get("message")).contains("recursion limit of 3"), r.text());
    assertEquals("error", http.call("GET", "/threads/" + t, null).get("status"));
  }
}
