package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * On SQLite a run due now on a free thread is claimed by the transaction that creates it when the creating process has
 * a free slot; otherwise the claim loop claims it, in that process or another sharing the file. Either way a run is
 * claimed once (its attempt stays 1) and executed once.
 */
class RunClaimAtCreationTest {

  @Test
  void aRunCreatedWithAFreeSlotNeedsNoClaimTransaction() throws Exception {
    Path dir = TestServers.tempDir();
    List<String> statements = RunBookkeepingStatementsTest.statementsOfRuns(dir, 4);
    assertEquals(0, statements.stream().filter(s -> s.startsWith("UPDATE trellis_runs SET status = 'running'")).count(),
        "claims:\n" + String.join("\n", statements));
    assertEquals(4, statements.stream().filter(s -> s.startsWith("INSERT INTO trellis_runs")
        && s.contains("'running'")).count(), "runs inserted claimed:\n" + String.join("\n", statements));
    attempts(dir.resolve("server.db")).forEach((run, attempt) -> assertEquals(1, attempt, "attempts of run " + run));
  }

  @Test
  void aRunCreatedWhileEverySlotIsTakenIsClaimedWhenOneFrees() throws Exception {
    Path file = TestServers.tempDir().resolve("server.db");
    try (TrellisServer server = TestServers.builder().sqlite(file).workerSlots(1).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String slowThread = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply slow = http.call("POST", "/threads/" + slowThread + "/runs",
          Map.of("assistant_id", "slow", "input", Map.of("n", 0)));
      assertEquals(200, slow.status(), slow.text());
      HttpClientHelper.Reply waited = RunBookkeepingStatementsTest.threadAndWait(http); // queued behind the slow run's slot, then claimed by the loop
      assertEquals(10, ((Number) waited.map().get("count")).intValue(), waited.text());
      HttpClientHelper.Reply joined = http.call("GET", "/threads/" + slowThread + "/runs/" + slow.get("run_id") + "/join", null);
      assertEquals(5, ((Number) joined.map().get("n")).intValue(), joined.text());
    }
    Map<String, Integer> attempts = attempts(file);
    assertEquals(2, attempts.size(), attempts.toString());
    attempts.forEach((run, attempt) -> assertEquals(1, attempt, "attempts of run " + run));
  }

  @Test
  void twoProcessesOnOneFileClaimAndExecuteEachRunOnce() throws Exception {
    Path file = TestServers.tempDir().resolve("shared.db");
    int clients = 6;
    int runsEach = 5;
    try (TrellisServer a = TestServers.builder().sqlite(file).workerId("a").workerSlots(2).start();
        TrellisServer b = TestServers.builder().sqlite(file).workerId("b").workerSlots(2).start()) {
      List<HttpClientHelper> https = List.of(new HttpClientHelper(a), new HttpClientHelper(b));
      ExecutorService pool = Executors.newFixedThreadPool(clients);
      try {
        List<Future<List<String>>> done = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
          HttpClientHelper http = https.get(i % 2); // three clients per process: more than its two slots
          done.add(pool.submit(() -> {
            List<String> threads = new ArrayList<>();
            for (int r = 0; r < runsEach; r++) {
              HttpClientHelper.Reply thread = http.call("POST", "/threads", Map.of());
              String id = thread.get("thread_id");
              HttpClientHelper.Reply run = http.call("POST", "/threads/" + id + "/runs/wait",
                  Map.of("assistant_id", "chain", "input", Map.of("count", 0, "log", List.of())));
              assertEquals(200, run.status(), run.text());
              threads.add(id);
            }
            return threads;
          }));
        }
        for (Future<List<String>> f : done) {
          for (String thread : f.get(5, TimeUnit.MINUTES)) {
            // Executed once: the chain appended each of its ten nodes to the log once.
            HttpClientHelper.Reply state = https.getFirst().call("GET", "/threads/" + thread + "/state", null);
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) state.map().get("values");
            assertEquals(10, ((List<?>) values.get("log")).size(), state.text());
            assertEquals(10, ((Number) values.get("count")).intValue(), state.text());
          }
        }
      } finally {
        pool.shutdownNow();
      }
    }
    Map<String, Integer> attempts = attempts(file);
    assertEquals(clients * runsEach, attempts.size(), attempts.toString());
    attempts.forEach((run, attempt) -> assertEquals(1, attempt, "attempts of run " + run));
    assertTrue(statuses(file).stream().allMatch("success"::equals), statuses(file).toString());
  }

  /** Each run's attempt number (claims so far), read from the file. */
  private static Map<String, Integer> attempts(Path file) throws Exception {
    Map<String, Integer> out = new HashMap<>();
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
        var rs = st.executeQuery("SELECT run_id, attempt FROM trellis_runs")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getInt(2));
      }
    }
    return out;
  }

  private static List<String> statuses(Path file) throws Exception {
    List<String> out = new ArrayList<>();
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
        var rs = st.executeQuery("SELECT status FROM trellis_runs")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
