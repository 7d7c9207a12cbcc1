package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.testkit.TestClock;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteDataSource;

/**
 * A server on a data source its caller owns (what the Spring Boot starter passes), started
 * listening or mounted, and the read-only counts it reports: queue depth, worker slots, runs.
 */
class ExistingDataSourceTest {
  static final Key<List<String>> STEPS = Key.appending("steps", String.class);

  @Test
  void aSqliteDataSourceServesFromTheSameFile() throws Exception {
    SQLiteDataSource ds = new SQLiteDataSource();
    ds.setUrl("jdbc:sqlite:" + TestServers.tempDir().resolve("app.db"));
    try (TrellisServer server = TestServers.builder().dataSource(ds).start()) {
      runChainTo10(server);
      assertEquals(1, count(ds, "SELECT COUNT(*) FROM trellis_runs WHERE status = 'success'"));
      await(() -> server.runCounters().ended("success") == 1);
      assertEquals(1, server.runCounters().started());
      assertEquals(1, server.runCounters().ended());
      assertTrue(server.runCounters().endedNanos() > 0);
      assertEquals(new QueueDepth(0, 0, 0), server.queueDepth());
      server.checkDatabase();
    }
  }

  @Test
  void aPostgresDataSourceCarriesRunsAndNotifications() throws Exception {
    String url = PgTestDb.freshSchemaUrl();
    HikariConfig cfg = new HikariConfig();
    cfg.setJdbcUrl(url);
    cfg.setMaximumPoolSize(4);
    try (HikariDataSource ds = new HikariDataSource(cfg);
        TrellisServer server = TestServers.builder().dataSource(ds).start()) {
      runChainTo10(server);
      assertEquals(1, count(ds, "SELECT COUNT(*) FROM trellis_runs WHERE status = 'success'"));
      await(() -> server.runCounters().ended("success") == 1);
      server.checkDatabase();
    } finally {
      PgTestDb.drop(url);
    }
  }

  @Test
  void theQueueDepthCountsRunsWaitingBehindBusySlots() throws Exception {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    StateGraph blocking = StateGraph.of(Schema.of(STEPS))
        .addNode("wait", (s, rt) -> {
          gate.join();
          return Update.of(STEPS, List.of("wait"));
        })
        .addSequence(StateGraph.START, "wait", StateGraph.END);
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").workerSlots(1)
        .sqlite(TestServers.tempDir().resolve("q.db"))
        .graph("blocking", (saver, store) -> blocking.compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      for (int i = 0; i < 2; i++) {
        String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
        assertEquals(200, http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "blocking", "input", Map.of("steps", List.of("start")))).status());
      }
      await(() -> server.busyWorkerSlots() == 1);
      QueueDepth depth = server.queueDepth();
      assertEquals(1, depth.running());
      assertEquals(1, depth.pending());
      assertTrue(depth.lagMillis() >= 0);
      assertEquals(1, server.workerSlots());
      gate.complete(null);
      await(() -> server.runCounters().ended("success") == 2);
      assertEquals(new QueueDepth(0, 0, 0), server.queueDepth());
    }
  }

  @Test
  void theRunCountersTimeRunsByTheServersClock() throws Exception {
    TestClock clock = new TestClock();
    StateGraph slow = StateGraph.of(Schema.of(STEPS))
        .addNode("work", (s, rt) -> {
          clock.advance(Duration.ofMinutes(10));
          return Update.of(STEPS, List.of("worked"));
        })
        .addSequence(StateGraph.START, "work", StateGraph.END);
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").clock(clock)
        .sqlite(TestServers.tempDir().resolve("c.db"))
        .graph("slow", (saver, store) -> slow.compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, http.call("POST", "/threads/" + thread + "/runs/wait",
          Map.of("assistant_id", "slow", "input", Map.of("steps", List.of()))).status());
      await(() -> server.runCounters().ended("success") == 1);
      assertEquals(Duration.ofMinutes(10).toNanos(), server.runCounters().endedNanos(),
          "the run took exactly as long as the server's clock moved while it ran");
    }
  }

  @Test
  void anInMemorySqliteDataSourceIsRefusedByName() {
    SQLiteDataSource ds = new SQLiteDataSource();
    ds.setUrl("jdbc:sqlite::memory:");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TrellisServer.builder().dataSource(ds));
    assertTrue(e.getMessage().contains("in-memory"), e.getMessage());
  }

  @Test
  void aMountedServerListensOnNoPortAndGivesAServlet() {
    try (TrellisServer mounted = TestServers.builder().sqlite(TestServers.tempDir().resolve("m.db")).startMounted()) {
      assertTrue(mounted.servlet() instanceof jakarta.servlet.http.HttpServlet);
      IllegalStateException e = assertThrows(IllegalStateException.class, mounted::port);
      assertTrue(e.getMessage().contains("startMounted"), e.getMessage());
    }
    try (TrellisServer listening = TestServers.sqlite(TestServers.tempDir())) {
      assertThrows(IllegalStateException.class, listening::servlet);
    }
  }

  private static void runChainTo10(TrellisServer server) {
    HttpClientHelper http = new HttpClientHelper(server);
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    assertEquals(200, r.status(), r.text());
    assertEquals(10, ((Number) r.map().get("count")).intValue(), r.text());
  }

  private static long count(DataSource ds, String sql) throws Exception {
    try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "condition not met in 10 s");
      Thread.sleep(10);
    }
  }
}
