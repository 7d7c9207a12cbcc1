package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Graph code that hogs every carrier thread (busy loops never yield a virtual thread) cannot
 * starve the lease heartbeat: it runs on its own platform thread, so the run keeps its lease
 * and is never taken over and executed twice (LangGraph issue 7213's failure mode).
 */
class HeartbeatTest {
  static final Key<List<String>> DONE = Key.appending("done", String.class);

  @Test
  void busyNodesDoNotLoseTheirLease() throws Exception {
    AtomicInteger executions = new AtomicInteger();
    int spinners = Runtime.getRuntime().availableProcessors() * 2;
    Path dir = TestServers.tempDir();
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("hb.db"))
        .lease(Duration.ofMillis(400))
        .graph("spin", (saver, store) -> {
          StateGraph g = StateGraph.of(Schema.of(DONE));
          for (int i = 0; i < spinners; i++) {
            String name = "spin" + i;
            g.addNode(name, (s, rt) -> {
              executions.incrementAndGet();
              long end = System.nanoTime() + 1_500_000_000L;
              long x = 0;
              while (System.nanoTime() < end) {
                x += System.nanoTime() % 7;
              }
              return Update.of(DONE, List.of(name + (x < 0 ? "!" : "")));
            });
            g.addEdge(StateGraph.START, name);
          }
          return g.compile(CompileOptions.checkpointer(saver).withStore(store));
        }).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      String run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "spin", "input", Map.of()))
          .get("run_id");
      // Another process's sweeper, played by this (platform) thread: it requeues any run whose lease lapsed.
      try (var other = dev.trellis.sqlite.SqliteDatabase.open(dir.resolve("hb.db"), "NORMAL")) {
        var sweeper = new dev.trellis.server.queue.RunStore(new dev.trellis.server.db.ServerDb(other, false));
        long end = System.currentTimeMillis() + 1_400;
        while (System.currentTimeMillis() < end) {
          sweeper.requeueExpired();
          Thread.sleep(50);
        }
      }
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals(spinners, ((List<?>) out.get("done")).size(), String.valueOf(out));
      assertEquals(spinners, executions.get(), "no node ran twice");
      try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("hb.db")); var st = c.createStatement();
           var rs = st.executeQuery("SELECT attempt, status FROM trellis_runs")) {
        rs.next();
        assertEquals(1, rs.getInt(1), "the run was never taken over");
        assertEquals("success", rs.getString(2));
      }
    }
  }
}
