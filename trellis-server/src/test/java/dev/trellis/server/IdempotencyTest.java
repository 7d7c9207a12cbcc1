package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** {@code Idempotency-Key}: a retried run creation finds the first run, on any process, until the key expires. */
class IdempotencyTest {
  static HttpClientHelper keyed(TrellisServer server, String key) {
    return new HttpClientHelper("http://127.0.0.1:" + server.port(), Map.of("Idempotency-Key", key));
  }

  static int runs(TrellisServer server, String thread) {
    return new HttpClientHelper(server).call("GET", "/threads/" + thread + "/runs?limit=100", null).list().size();
  }

  @Test
  void aRetryWithTheSameKeyAndBodyGetsTheFirstRun() {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("idem.db")).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      Map<String, Object> body = Map.of("assistant_id", "chain", "input", Map.of("log", List.of("once")));
      String first = keyed(server, "k-1").call("POST", "/threads/" + t + "/runs", body).get("run_id");
      assertEquals(first, keyed(server, "k-1").call("POST", "/threads/" + t + "/runs", body).get("run_id"));
      HttpClientHelper.Reply waited = keyed(server, "k-1").call("POST", "/threads/" + t + "/runs/wait", body);
      assertEquals(200, waited.status(), waited.text());
      assertTrue(waited.raw().headers().firstValue("Content-Location").orElse("").endsWith(first));
      assertEquals("once", ((List<?>) waited.map().get("log")).getFirst(), waited.text());
      assertEquals(1, runs(server, t));

      HttpClientHelper.Reply other = keyed(server, "k-1").call("POST", "/threads/" + t + "/runs",
          Map.of("assistant_id", "chain", "input", Map.of("log", List.of("twice"))));
      assertEquals(422, other.status(), other.text());
      assertTrue(other.get("detail").contains("different request"), other.text());
      assertEquals(1, runs(server, t));

      clock.advance(Duration.ofHours(25));
      assertNotEquals(first, keyed(server, "k-1").call("POST", "/threads/" + t + "/runs", body).get("run_id"),
          "an expired key makes a new run");
      assertEquals(2, runs(server, t));
    }
  }

  @Test
  void keysHoldAcrossProcessesOnPostgres() throws Exception {
    String url = PgTestDb.freshSchemaUrl();
    try (TrellisServer a = TestServers.builder().postgres(url).workerId("a").start();
         TrellisServer b = TestServers.builder().postgres(url).workerId("b").start();
         ExecutorService pool = Executors.newFixedThreadPool(8)) {
      String t = new HttpClientHelper(a).call("POST", "/threads", Map.of()).get("thread_id");
      Map<String, Object> body = Map.of("assistant_id", "chain", "input", Map.of("log", List.of("x")));
      List<Future<String>> tries = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        TrellisServer server = i % 2 == 0 ? a : b;
        Callable<String> call = () -> keyed(server, "shared").call("POST", "/threads/" + t + "/runs", body).get("run_id");
        tries.add(pool.submit(call));
      }
      Set<String> ids = new HashSet<>();
      for (Future<String> f : tries) {
        ids.add(f.get());
      }
      assertEquals(1, ids.size(), "one run for one key: " + ids);
      assertEquals(1, runs(a, t));
      assertEquals(ids.iterator().next(), keyed(b, "shared").call("POST", "/threads/" + t + "/runs", body).get("run_id"));
    } finally {
      PgTestDb.drop(url);
    }
  }
}
