package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many clients at once on a few threads, mixing multitask strategies, cancels and state reads:
 * no request gets a 5xx, every run ends, and every thread ends up not busy.
 */
class ConcurrentClientsTest {
  static final List<String> STRATEGIES = List.of("enqueue", "interrupt", "rollback", "reject");

  @Test
  void mixedTrafficOnSharedThreadsSettlesCleanlyOnSqlite() throws Exception {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      mixedTraffic(server);
    }
  }

  @Test
  void mixedTrafficOnSharedThreadsSettlesCleanlyOnPostgres() throws Exception {
    String url = PgTestDb.freshSchemaUrl();
    try (TrellisServer server = TestServers.builder().postgres(url).start()) {
      mixedTraffic(server);
    } finally {
      PgTestDb.drop(url);
    }
  }

  static void mixedTraffic(TrellisServer server) throws Exception {
    {
      HttpClientHelper http = new HttpClientHelper(server);
      List<String> threads = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        threads.add(http.call("POST", "/threads", Map.of()).get("thread_id"));
      }
      ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
      ConcurrentLinkedQueue<String[]> runs = new ConcurrentLinkedQueue<>();
      try (var pool = Executors.newFixedThreadPool(8)) {
        for (int c = 0; c < 8; c++) {
          long seed = c;
          pool.submit(() -> {
            Random rnd = new Random(seed);
            for (int i = 0; i < 12; i++) {
              String t = threads.get(rnd.nextInt(threads.size()));
              String strategy = STRATEGIES.get(rnd.nextInt(STRATEGIES.size()));
              HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id",
                  rnd.nextBoolean() ? "slow" : "chain", "input", Map.of(), "multitask_strategy", strategy));
              if (r.status() >= 500 || (r.status() != 200 && r.status() != 409)) {
                failures.add(r.status() + " " + r.text());
              } else if (r.status() == 200) {
                runs.add(new String[] {t, r.get("run_id")});
                if (rnd.nextInt(5) == 0) {
                  int cancel = http.call("POST", "/threads/" + t + "/runs/" + r.get("run_id") + "/cancel", null).status();
                  if (cancel != 202 && cancel != 404) {
                    failures.add("cancel " + cancel);
                  }
                }
              }
              int state = http.call("GET", "/threads/" + t + "/state", null).status();
              if (state != 200) {
                failures.add("state " + state);
              }
            }
          });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
      }
      assertEquals(List.of(), List.copyOf(failures));
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      for (String[] tr : runs) {
        while (true) {
          HttpClientHelper.Reply r = http.call("GET", "/threads/" + tr[0] + "/runs/" + tr[1], null);
          if (r.status() == 404 || Set.of("success", "error", "interrupted").contains(r.get("status"))) {
            assertTrue(r.status() == 404 || !"error".equals(r.get("status")), "run failed: " + r.text());
            break;
          }
          assertTrue(System.nanoTime() < end, "run " + tr[1] + " never ended: " + r.text());
          Thread.sleep(20);
        }
      }
      for (String t : threads) {
        String status = http.call("GET", "/threads/" + t, null).get("status");
        assertTrue(Set.of("idle", "interrupted").contains(status), "thread " + t + " is " + status);
      }
    }
  }
}
