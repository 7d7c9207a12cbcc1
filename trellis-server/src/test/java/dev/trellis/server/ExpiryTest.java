package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Threads with a TTL are deleted after it; runs longer than the run timeout end with status timeout. */
class ExpiryTest {
  @Test
  void aThreadIsDeletedWhenItsTtlPasses() throws Exception {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("ttl.db"))
        .lease(Duration.ofMillis(400)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String gone = http.call("POST", "/threads", Map.of("ttl", Map.of("ttl", 0.005, "strategy", "delete"))).get("thread_id");
      String kept = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(422, http.call("POST", "/threads", Map.of("ttl", -1)).status());
      long end = System.currentTimeMillis() + 5_000;
      while (http.call("GET", "/threads/" + gone, null).status() != 404 && System.currentTimeMillis() < end) {
        Thread.sleep(50);
      }
      assertEquals(404, http.call("GET", "/threads/" + gone, null).status());
      assertEquals(200, http.call("GET", "/threads/" + kept, null).status());
    }
  }

  @Test
  void aRunLongerThanTheTimeoutEndsWithStatusTimeout() throws Exception {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("timeout.db"))
        .lease(Duration.ofMillis(400)).runTimeout(Duration.ofMillis(300)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      String run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow",
          "input", Map.of("log", List.of("in")))).get("run_id");
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals("timeout", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
      assertTrue(((List<?>) out.get("log")).size() < 6, "stopped before the end: " + out);
    }
  }
}
