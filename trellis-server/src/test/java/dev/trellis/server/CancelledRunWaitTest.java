package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /wait} on a run that another request ends before it starts (interrupt, rollback) or whose thread is
 * deleted under it answers with how the run ended, from the end marker, instead of {@code {}} at its next poll.
 */
class CancelledRunWaitTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.sqlite(TestServers.tempDir());
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A thread busy with a long run (505 ticks, 76 s: it outlasts the test), and a second run enqueued behind it whose /wait is under way. */
  static String[] busyThreadWithAWaitingRun(CompletableFuture<HttpClientHelper.Reply>[] waiting) throws Exception {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    String first = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow", "input", Map.of("n", -500),
        "config", Map.of("recursion_limit", 1000)))
        .get("run_id");
    waiting[0] = CompletableFuture.supplyAsync(() -> http.call("POST", "/threads/" + t + "/runs/wait",
        Map.of("assistant_id", "chain", "input", Map.of("count", 0), "multitask_strategy", "enqueue")));
    long end = System.currentTimeMillis() + 30_000;
    while (System.currentTimeMillis() < end) {
      for (Object r : http.call("GET", "/threads/" + t + "/runs", null).list()) {
        Map<?, ?> run = (Map<?, ?>) r;
        if (!first.equals(run.get("run_id")) && "pending".equals(run.get("status"))) {
          return new String[] {t, first, (String) run.get("run_id")};
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the second run was never queued");
  }

  @ParameterizedTest
  @ValueSource(strings = {"interrupt", "rollback"})
  void aWaitOnARunCancelledBeforeItStartedAnswersHowItEnded(String action) throws Exception {
    @SuppressWarnings("unchecked")
    CompletableFuture<HttpClientHelper.Reply>[] waiting = new CompletableFuture[1];
    String[] ids = busyThreadWithAWaitingRun(waiting);
    assertEquals(202, http.call("POST", "/threads/" + ids[0] + "/runs/" + ids[2] + "/cancel?action=" + action, null)
        .status());
    HttpClientHelper.Reply r = waiting[0].get(60, TimeUnit.SECONDS);
    assertEquals(200, r.status(), r.text());
    Map<?, ?> error = (Map<?, ?>) r.map().get("__error__");
    assertEquals(action.equals("rollback") ? "UserRollback" : "UserInterrupt", error.get("error"), r.text());
    http.call("POST", "/threads/" + ids[0] + "/runs/" + ids[1] + "/cancel", null);
  }

  @ParameterizedTest
  @ValueSource(strings = {"pending", "running"})
  void aWaitOnARunWhoseThreadIsDeletedAnswersAndTheLogSaysNothingContinuesIt(String which) throws Exception {
    @SuppressWarnings("unchecked")
    CompletableFuture<HttpClientHelper.Reply>[] waiting = new CompletableFuture[1];
    try (LogCapture log = new LogCapture("dev.trellis.server.queue.RunExecution", Level.WARN)) {
      String[] ids = busyThreadWithAWaitingRun(waiting);
      CompletableFuture<HttpClientHelper.Reply> waitFirst = CompletableFuture.supplyAsync(() -> http.call("GET",
          "/threads/" + ids[0] + "/runs/" + ids[1] + "/join", null));
      assertEquals(204, http.call("DELETE", "/threads/" + ids[0], null).status());
      HttpClientHelper.Reply r = (which.equals("pending") ? waiting[0] : waitFirst).get(60, TimeUnit.SECONDS);
      if (r.status() == 404) {
        return; // the join arrived after the delete: nothing to wait for
      }
      assertTrue(r.map().containsKey("__error__"), r.text());
      if (which.equals("running")) {
        long end = System.currentTimeMillis() + 30_000;
        while (log.lines().stream().noneMatch(l -> l.contains(ids[1])) && System.currentTimeMillis() < end) {
          Thread.sleep(20);
        }
        List<String> lines = log.lines().stream().filter(l -> l.contains(ids[1])).toList();
        assertEquals(1, lines.size(), log.lines().toString());
        assertTrue(lines.getFirst().contains("nothing continues it"), lines.getFirst());
        assertTrue(!lines.getFirst().contains("another worker"), lines.getFirst());
      }
    }
  }
}
