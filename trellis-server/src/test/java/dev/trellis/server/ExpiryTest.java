package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Threads with a TTL are deleted after it; runs longer than the run timeout end with status timeout (time moved by hand). */
class ExpiryTest {
  static void await(String what, BooleanSupplier cond) throws InterruptedException {
    long end = System.nanoTime() + 120_000_000_000L; // generous: a loaded machine is slow, never wrong
    while (!cond.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
      Thread.sleep(20);
    }
  }

  @Test
  void aThreadIsDeletedWhenItsTtlPasses() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("ttl.db"))
        .lease(Duration.ofMillis(400)).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String gone = http.call("POST", "/threads", Map.of("ttl", Map.of("ttl", 30, "strategy", "delete"))).get("thread_id");
      String kept = http.call("POST", "/threads", Map.of("ttl", 120)).get("thread_id");
      String forever = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(422, http.call("POST", "/threads", Map.of("ttl", -1)).status());
      Thread.sleep(500);
      assertEquals(200, http.call("GET", "/threads/" + gone, null).status(), "not before its time");
      clock.advance(Duration.ofMinutes(31));
      await("the expired thread to go", () -> http.call("GET", "/threads/" + gone, null).status() == 404);
      assertEquals(200, http.call("GET", "/threads/" + kept, null).status());
      assertEquals(200, http.call("GET", "/threads/" + forever, null).status());
    }
  }

  @Test
  void threadsWithoutTheirOwnTtlGetTheDefault() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("default-ttl.db"))
        .lease(Duration.ofMillis(400)).defaultThreadTtl(Duration.ofMinutes(60)).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String defaulted = http.call("POST", "/threads", Map.of()).get("thread_id");
      String own = http.call("POST", "/threads", Map.of("ttl", 180)).get("thread_id");
      clock.advance(Duration.ofMinutes(61));
      await("the thread past the default TTL to go", () -> http.call("GET", "/threads/" + defaulted, null).status() == 404);
      assertEquals(200, http.call("GET", "/threads/" + own, null).status(), "its own TTL replaces the default");
    }
  }

  @Test
  void aRunLongerThanTheTimeoutEndsWithStatusTimeout() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("timeout.db"))
        .lease(Duration.ofMillis(400)).runTimeout(Duration.ofMinutes(10)).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      // 505 ticks (76 s): still running when the clock moves, however loaded the machine (five ticks once were not).
      String run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow",
          "input", Map.of("log", List.of("in"), "n", -500), "config", Map.of("recursion_limit", 1000))).get("run_id");
      await("the run to start", () -> "running".equals(http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status")));
      clock.advance(Duration.ofMinutes(11));
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals("timeout", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
      assertTrue(((List<?>) out.get("log")).size() < 506, "stopped before the end: " + out);
    }
  }
}
