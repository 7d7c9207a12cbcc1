package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The per-checkpoint state size limit, and history pages bounded by default. */
class StateSizeTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("size.db")).maxStateBytes(64 * 1024)
        .maxBodyBytes(1 << 20).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aRunWhoseStateOutgrowsTheLimitEndsInErrorSayingSo() {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
        "input", Map.of("log", List.of("x".repeat(100_000)))));
    assertEquals(200, r.status(), r.text());
    Map<?, ?> error = (Map<?, ?>) r.map().get("__error__");
    assertTrue(String.valueOf(error).contains("state too large"), r.text());
    assertEquals("error", http.call("GET", "/threads/" + t, null).get("status"));
    Map<?, ?> run = (Map<?, ?>) http.call("GET", "/threads/" + t + "/runs", null).list().getFirst();
    assertEquals("error", run.get("status"));
  }

  @Test
  void aStateEditOverTheLimitIsA413() {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("log", List.of("a"))));
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/state", Map.of("values",
        Map.of("log", List.of("y".repeat(100_000)))));
    assertEquals(413, r.status(), r.text());
    assertTrue(r.get("detail").contains("state too large"), r.text());
  }

  @Test
  void historyPagesAreBoundedByDefault() {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("log", List.of("a"))));
    http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("log", List.of("b"))));
    assertEquals(10, http.call("GET", "/threads/" + t + "/history", null).list().size());
    assertEquals(10, http.call("POST", "/threads/" + t + "/history", Map.of()).list().size());
    assertEquals(422, http.call("POST", "/threads/" + t + "/history", Map.of("limit", 5000)).status());
    assertEquals(422, http.call("GET", "/threads/" + t + "/history?limit=abc", null).status());
  }
}
