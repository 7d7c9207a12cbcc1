package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server in a 384 MB heap runs 100 threads whose state holds 2.5 MB each: what it keeps of threads between runs (the
 * saver's memory of their newest lists) is bounded in bytes, so no run fails for want of memory. The states are as
 * large against the heap as 5 MB in 768 MB, and the database stays under 1 GB on the disk: each thread's 2.5 MB of
 * strings is stored twice (the saver's blobs, named by the input write and the list rows alike, and the run row's
 * {@code kwargs}).
 */
class BigStatesMemoryTest {
  static final int THREADS = 100;
  static final int ITEMS = 25;
  static final int ITEM_CHARS = 100_000; // 25 × 100 KB = 2.5 MB of state per thread

  @Test
  @Timeout(value = 30, unit = TimeUnit.MINUTES)
  void aHundredThreadsOfTwoAndAHalfMegabyteStatesRunInA384MegabyteHeap() throws Exception {
    Path dir = Files.createTempDirectory("trellis-bigstates");
    try (ChildJvm child = ChildJvm.startServer(Map.of("JDK_JAVA_OPTIONS", "-Xmx384m"), SqliteServerMain.class,
        dir.resolve("big.db").toString())) {
      HttpClientHelper http = new HttpClientHelper("http://127.0.0.1:" + child.port(), Map.of());
      ExecutorService clients = Executors.newFixedThreadPool(2);
      List<Future<String>> runs = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        int n = i;
        runs.add(clients.submit(() -> {
          List<String> log = new ArrayList<>();
          for (int k = 0; k < ITEMS; k++) {
            log.add((n + "-" + k + "-").repeat(ITEM_CHARS / 2).substring(0, ITEM_CHARS));
          }
          String t = http.call("POST", "/threads", Map.of()).get("thread_id");
          HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
              "input", Map.of("count", 0, "log", log)));
          assertEquals(200, r.status(), () -> "thread " + n + ": " + r.text() + "\nthe server's last lines:\n"
              + child.logTail());
          assertFalse(r.map().containsKey("__error__"), "thread " + n + ": " + String.valueOf(r.map().get("__error__")));
          assertEquals(10, ((Number) r.map().get("count")).intValue(), "thread " + n);
          assertEquals(ITEMS + 10, ((List<?>) r.map().get("log")).size(), "thread " + n);
          return t;
        }));
      }
      List<String> threads = new ArrayList<>();
      for (Future<String> f : runs) {
        threads.add(f.get(25, TimeUnit.MINUTES));
      }
      clients.shutdown();
      // The first thread, long forgotten by the saver's memory, still runs on from its stored state.
      HttpClientHelper.Reply again = http.call("POST", "/threads/" + threads.getFirst() + "/runs/wait",
          Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
      assertEquals(ITEMS + 20, ((List<?>) again.map().get("log")).size(), "the first thread ran on");
      assertTrue(child.process().isAlive());
      assertEquals(200, http.call("GET", "/ok", null).status());
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
