package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Multitask strategies, rollback, delayed runs, webhooks, crons, and a restart that loses no run (SQLite). */
class RunLifecycleTest {
  static Path dir;
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    dir = TestServers.tempDir();
    server = TestServers.builder().webhookAllow(List.of("127.0.0.1")).sqlite(dir.resolve("server.db")).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String thread() {
    return http.call("POST", "/threads", Map.of()).get("thread_id");
  }

  static String slowRun(String thread, Map<String, Object> extra) {
    Map<String, Object> body = new java.util.HashMap<>(Map.of("assistant_id", "slow", "input", Map.of("log", List.of("in"))));
    body.putAll(extra);
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs", body);
    assertEquals(200, r.status(), r.text());
    return r.get("run_id");
  }

  /**
   * A run that cannot end before the test acts on it, however loaded the machine: 505 ticks of 150 ms (76 s). The
   * five-tick run once gave the tests a 600 ms window, which a busy machine closed before the next request.
   */
  static String longRun(String thread) {
    return slowRun(thread, Map.of("input", Map.of("log", List.of("in"), "n", -500),
        "config", Map.of("recursion_limit", 1000)));
  }

  static String status(String thread, String run) {
    return http.call("GET", "/threads/" + thread + "/runs/" + run, null).get("status");
  }

  static void await(String what, java.util.function.BooleanSupplier cond) throws InterruptedException {
    long end = System.currentTimeMillis() + 120_000;
    while (!cond.getAsBoolean()) {
      assertTrue(System.currentTimeMillis() < end, "timed out waiting for " + what);
      Thread.sleep(20);
    }
  }

  static Map<String, Object> join(String thread, String run) {
    return http.call("GET", "/threads/" + thread + "/runs/" + run + "/join", null).map();
  }

  @Test
  void enqueuedRunWaitsForTheRunningOneThenContinuesFromItsState() throws Exception {
    String t = thread();
    String first = slowRun(t, Map.of("input", Map.of("log", List.of("in"), "n", -15))); // 20 ticks: 3 s to enqueue behind it
    await("first running", () -> "running".equals(status(t, first)));
    String second = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow", "input", Map.of(),
        "multitask_strategy", "enqueue")).get("run_id");
    assertEquals("pending", status(t, second));
    assertEquals("busy", http.call("GET", "/threads/" + t, null).get("status"));
    Map<String, Object> out = join(t, second);
    assertEquals("success", status(t, first));
    assertEquals(6, ((Number) out.get("n")).intValue(), "the second run ticked once more on the first one's state");
    assertEquals("idle", http.call("GET", "/threads/" + t, null).get("status"));
  }

  @Test
  void interruptStrategyStopsTheRunningRunAndKeepsItsWork() throws Exception {
    String t = thread();
    String first = longRun(t);
    await("a tick", () -> {
      Object v = http.call("GET", "/threads/" + t + "/state", null).map().get("values");
      return v instanceof Map<?, ?> m && m.get("n") instanceof Number n && n.intValue() >= 1;
    });
    String second = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow", "input", Map.of("n", 4),
        "multitask_strategy", "interrupt")).get("run_id");
    Map<String, Object> out = join(t, second);
    assertEquals("interrupted", status(t, first));
    assertEquals(5, ((Number) out.get("n")).intValue());
    assertTrue(((List<?>) out.get("log")).contains("in"), "the first run's input stayed: " + out);
  }

  @Test
  void rollbackStrategyDeletesTheRunningRunAndItsCheckpoints() throws Exception {
    String t = thread();
    String first = longRun(t);
    await("first running", () -> "running".equals(status(t, first)));
    String second = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow",
        "input", Map.of("log", List.of("again")), "multitask_strategy", "rollback")).get("run_id");
    Map<String, Object> out = join(t, second);
    assertEquals(List.of("again", "tick", "tick", "tick", "tick", "tick"), out.get("log"));
    assertEquals(404, http.call("GET", "/threads/" + t + "/runs/" + first, null).status());
    for (Object h : http.call("POST", "/threads/" + t + "/history", Map.of("limit", 100)).list()) {
      assertEquals(second, ((Map<?, ?>) ((Map<?, ?>) h).get("metadata")).get("run_id"), "only the new run's checkpoints remain");
    }
  }

  @Test
  void anAssistantsBreakpointsPauseItsRuns() {
    String assistant = http.call("POST", "/assistants", Map.of("graph_id", "chain",
        "config", Map.of("interrupt_before", List.of("n5")))).get("assistant_id");
    String t = thread();
    http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", assistant, "input", Map.of("log", List.of())));
    Map<String, Object> state = http.call("GET", "/threads/" + t + "/state", null).map();
    assertEquals(List.of("n5"), state.get("next"));
    assertEquals("interrupted", http.call("GET", "/threads/" + t, null).get("status"));
    Map<String, Object> done = http.call("POST", "/threads/" + t + "/runs/wait", new java.util.HashMap<>(Map.of(
        "assistant_id", assistant, "interrupt_before", List.of()))).map();
    assertEquals(10, ((List<?>) done.get("log")).size());
  }

  @Test
  void cancellingAPendingRunEndsItAtOnce() throws Exception {
    String t = thread();
    String delayed = slowRun(t, Map.of("after_seconds", 60));
    Thread.sleep(300);
    assertEquals("pending", status(t, delayed), "after_seconds keeps it pending");
    assertEquals(202, http.call("POST", "/threads/" + t + "/runs/" + delayed + "/cancel", null).status());
    assertEquals("interrupted", status(t, delayed));
    assertEquals("idle", http.call("GET", "/threads/" + t, null).get("status"));
  }

  @Test
  void deletingAThreadWhileItRunsLeavesNoCheckpointsBehind() throws Exception {
    String t = thread();
    String run = longRun(t);
    await("the run to start", () -> "running".equals(status(t, run)));
    assertEquals(204, http.call("DELETE", "/threads/" + t, null).status());
    Thread.sleep(400); // longer than a tick: the run would have saved another checkpoint by now
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("server.db"));
         var st = c.prepareStatement("SELECT COUNT(*) FROM checkpoints WHERE thread_id = ?")) {
      st.setString(1, t);
      try (var rs = st.executeQuery()) {
        rs.next();
        assertEquals(0, rs.getInt(1), "the stopped run wrote nothing after the delete");
      }
    }
    assertEquals(404, http.call("GET", "/threads/" + t, null).status());
  }

  @Test
  void aWebhookReceivesTheFinishedRun() throws Exception {
    CompletableFuture<String> got = new CompletableFuture<>();
    HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    hook.createContext("/hook", ex -> {
      got.complete(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    hook.start();
    try {
      String t = thread();
      http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of(),
          "webhook", "http://127.0.0.1:" + hook.getAddress().getPort() + "/hook"));
      Map<?, ?> body = HttpClientHelper.JSON.readValue(got.get(10, TimeUnit.SECONDS), Map.class);
      assertEquals("success", body.get("status"));
      assertEquals(t, body.get("thread_id"));
      assertEquals(10, ((List<?>) ((Map<?, ?>) body.get("values")).get("log")).size());
    } finally {
      hook.stop(0);
    }
  }

  @Test
  void aDueCronStartsARunOnItsThread() throws Exception {
    String t = thread();
    HttpClientHelper.Reply cron = http.call("POST", "/threads/" + t + "/runs/crons", Map.of("assistant_id", "chain",
        "schedule", "*/5 * * * *", "input", Map.of("log", List.of("cron"))));
    assertEquals(200, cron.status(), cron.text());
    assertEquals(1, http.call("POST", "/runs/crons/search", Map.of("thread_id", t)).list().size());
    assertEquals(422, http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "61 * * * *")).status());
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("server.db")); var st = c.createStatement()) {
      st.execute("PRAGMA busy_timeout=10000");
      st.executeUpdate("UPDATE trellis_crons SET next_run_at = 0");
    }
    await("the cron's run", () -> http.call("GET", "/threads/" + t + "/runs", null).list().size() == 1);
    Map<?, ?> run = (Map<?, ?>) http.call("GET", "/threads/" + t + "/runs", null).list().getFirst();
    Map<String, Object> out = join(t, (String) run.get("run_id"));
    assertEquals("cron", ((List<?>) out.get("log")).getFirst());
    assertEquals(204, http.call("DELETE", "/runs/crons/" + cron.get("cron_id"), null).status());
    assertEquals(0, http.call("POST", "/runs/crons/search", Map.of()).list().size());
  }

  @Test
  void aRunInterruptedByShutdownFinishesAfterTheRestart() throws Exception {
    Path own = TestServers.tempDir();
    TrellisServer first = TestServers.builder().sqlite(own.resolve("s.db")).shutdownGrace(Duration.ZERO).start();
    HttpClientHelper h = new HttpClientHelper(first);
    String t = h.call("POST", "/threads", Map.of()).get("thread_id");
    String run = h.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow", "input", Map.of("log", List.of("in"))))
        .get("run_id");
    long end = System.currentTimeMillis() + 120_000;
    while (!(h.call("GET", "/threads/" + t + "/state", null).map().get("values") instanceof Map<?, ?> v
        && v.get("n") instanceof Number n && n.intValue() >= 2) && System.currentTimeMillis() < end) {
      Thread.sleep(20);
    }
    first.close();
    try (TrellisServer second = TestServers.builder().sqlite(own.resolve("s.db")).start()) {
      HttpClientHelper h2 = new HttpClientHelper(second);
      Map<String, Object> out = h2.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals(List.of("in", "tick", "tick", "tick", "tick", "tick"), out.get("log"), "no tick lost or repeated");
      assertEquals("success", h2.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
    }
  }
}
