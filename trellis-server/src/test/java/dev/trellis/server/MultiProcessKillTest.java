package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.ChildJvm;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Three server processes on one PostgreSQL; 200 runs submitted across them; one process is
 * killed with SIGKILL while it executes runs. Every run must end exactly once, successfully,
 * with the right result; the dead worker's runs are taken over (attempt 2) and resume from
 * their last checkpoint, so no step is applied twice.
 */
class MultiProcessKillTest {
  static final int RUNS = 200;

  static ChildJvm start(String url, String worker) throws Exception {
    return ChildJvm.startServer(ServerMain.class, url, worker, "2000");
  }

  @Test
  void runsOfAKilledProcessFinishExactlyOnceElsewhere() throws Exception {
    String url = PgTestDb.freshSchemaUrl();
    List<ChildJvm> children = new ArrayList<>();
    for (String w : List.of("w1", "w2", "w3")) {
      children.add(start(url, w));
    }
    try {
      List<HttpClientHelper> clients = children.stream()
          .map(c -> new HttpClientHelper("http://127.0.0.1:" + c.port(), Map.of())).toList();
      List<String[]> submitted = Collections.synchronizedList(new ArrayList<>());
      for (int i = 0; i < RUNS; i++) {
        String thread = UUID.randomUUID().toString();
        HttpClientHelper.Reply r = clients.get(i % 3).call("POST", "/threads/" + thread + "/runs",
            Map.of("assistant_id", "slow", "input", Map.of("log", List.of("start")), "if_not_exists", "create"));
        assertEquals(200, r.status(), r.text());
        submitted.add(new String[] {thread, r.get("run_id")});
      }
      // Kill w1 while it holds runs.
      long deadline = System.currentTimeMillis() + 20_000;
      while (runningOn(url, "w1") < 3 && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      int heldWhenKilled = runningOn(url, "w1");
      assertTrue(heldWhenKilled > 0, "w1 never ran anything");
      assertEquals(137, children.getFirst().kill9(), "killed with SIGKILL");
      HttpClientHelper survivor = clients.get(1);
      deadline = System.currentTimeMillis() + 120_000;
      while (System.currentTimeMillis() < deadline && unfinished(url) > 0) {
        Thread.sleep(200);
      }
      assertEquals(0, unfinished(url), "every run ends");
      Map<String, Integer> attempts = attempts(url);
      assertEquals(RUNS, attempts.size(), "one row per run: none lost, none duplicated");
      assertTrue(attempts.values().stream().anyMatch(a -> a >= 2), "some runs were taken over");
      for (String[] tr : submitted) {
        HttpClientHelper.Reply run = survivor.call("GET", "/threads/" + tr[0] + "/runs/" + tr[1], null);
        assertEquals("success", run.get("status"), "run " + tr[1]);
        Map<String, Object> state = survivor.call("GET", "/threads/" + tr[0] + "/state", null).map();
        Map<?, ?> values = (Map<?, ?>) state.get("values");
        assertEquals(5, ((Number) values.get("n")).intValue(), "thread " + tr[0]);
        assertEquals(List.of("start", "tick", "tick", "tick", "tick", "tick"), values.get("log"), "each step applied once");
        List<Object> history = survivor.call("POST", "/threads/" + tr[0] + "/history", Map.of("limit", 100)).list();
        List<Integer> steps = history.stream().map(h -> ((Number) ((Map<?, ?>) ((Map<?, ?>) h).get("metadata")).get("step"))
            .intValue()).toList();
        assertEquals(List.of(5, 4, 3, 2, 1, 0, -1), steps, "one checkpoint per step on thread " + tr[0]);
        assertEquals("idle", survivor.call("GET", "/threads/" + tr[0], null).get("status"));
      }
    } finally {
      for (ChildJvm c : children) {
        c.close();
      }
      PgTestDb.drop(url);
    }
  }

  static int runningOn(String url, String worker) throws Exception {
    try (Connection c = DriverManager.getConnection(url); var st = c.prepareStatement(
        "SELECT COUNT(*) FROM trellis_runs WHERE status = 'running' AND worker = ?")) {
      st.setString(1, worker);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  static int unfinished(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM trellis_runs WHERE status IN ('pending', 'running')")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  static Map<String, Integer> attempts(String url) throws Exception {
    Map<String, Integer> out = new HashMap<>();
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT run_id, attempt FROM trellis_runs")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getInt(2));
      }
    }
    return out;
  }
}
