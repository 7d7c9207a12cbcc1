package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.ChildJvm;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * After {@code kill -9}, a server restarted alone on the database takes the dead process's runs over at once: the
 * file locks beside a SQLite file, or the session advisory locks on PostgreSQL, prove the old worker dead, so its
 * leases are not waited out. The leases here last ten minutes, so only that proof can resume the runs within the
 * test's time.
 */
class KillTakeoverTest {
  static final int RUNS = 6;
  static final String TEN_MINUTES = "600000";

  /** Where the servers keep their runs, and how to start one there. */
  record Database(String name, String jdbcUrl, java.util.function.IntFunction<ChildJvm> server) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Database> databases() {
    Path file = TestServers.tempDir().resolve("kill.db");
    String pg = PgTestDb.freshSchemaUrl();
    PG_URLS.add(pg);
    return List.of(
        new Database("sqlite", "jdbc:sqlite:" + file, n -> start(SqliteServerMain.class, file.toString(), TEN_MINUTES)),
        new Database("postgres", pg, n -> start(ServerMain.class, pg, "worker-" + n, TEN_MINUTES)));
  }

  static final List<String> PG_URLS = new ArrayList<>();

  @org.junit.jupiter.api.AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  static ChildJvm start(Class<?> main, String... args) {
    try {
      return ChildJvm.startServer(main, args);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static Map<String, Integer> attempts(String jdbcUrl) throws Exception {
    Map<String, Integer> out = new HashMap<>();
    try (var c = DriverManager.getConnection(jdbcUrl); var st = c.createStatement()) {
      if (jdbcUrl.startsWith("jdbc:sqlite:")) {
        st.execute("PRAGMA busy_timeout=10000");
      }
      try (var rs = st.executeQuery("SELECT run_id, attempt FROM trellis_runs")) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getInt(2));
        }
      }
    }
    return out;
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("databases")
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void aLoneServerRestartedAfterKill9ResumesEveryInterruptedRunWithoutWaitingOutTheLeases(Database db) throws Exception {
    List<String[]> runs = new ArrayList<>();
    ChildJvm first = db.server().apply(1);
    try {
      HttpClientHelper http = new HttpClientHelper("http://127.0.0.1:" + first.port(), Map.of());
      for (int i = 0; i < RUNS; i++) {
        String t = http.call("POST", "/threads", Map.of()).get("thread_id");
        String r = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "slow",
            "input", Map.of("n", -15))).get("run_id"); // 20 ticks of 150 ms, within the recursion limit of 25
        runs.add(new String[] {t, r});
      }
      long end = System.currentTimeMillis() + 120_000;
      while (System.currentTimeMillis() < end && runs.stream().anyMatch(tr -> !"running".equals(
          http.call("GET", "/threads/" + tr[0] + "/runs/" + tr[1], null).get("status")))) {
        Thread.sleep(50);
      }
      runs.forEach(tr -> assertEquals("running", http.call("GET", "/threads/" + tr[0] + "/runs/" + tr[1], null)
          .get("status"), "every run was under way before the kill"));
    } finally {
      first.kill9();
    }
    try (ChildJvm second = db.server().apply(2)) {
      HttpClientHelper http = new HttpClientHelper("http://127.0.0.1:" + second.port(), Map.of());
      assertEquals(200, http.call("GET", "/ok", null).status());
      long ok = System.nanoTime();
      long resumedAt = -1;
      long end = System.currentTimeMillis() + 180_000;
      while (System.currentTimeMillis() < end) {
        Map<String, Integer> attempts = attempts(db.jdbcUrl());
        if (resumedAt < 0 && runs.stream().allMatch(tr -> attempts.get(tr[1]) >= 2)) {
          resumedAt = System.nanoTime();
        }
        if (runs.stream().noneMatch(tr -> List.of("pending", "running").contains(http.call("GET",
            "/threads/" + tr[0] + "/runs/" + tr[1], null).get("status")))) {
          break;
        }
        Thread.sleep(50);
      }
      for (String[] tr : runs) {
        assertEquals("success", http.call("GET", "/threads/" + tr[0] + "/runs/" + tr[1], null).get("status"),
            String.valueOf(http.call("GET", "/threads/" + tr[0], null).map().get("error")));
        assertEquals(2, attempts(db.jdbcUrl()).get(tr[1]), "run " + tr[1] + " was resumed once, by the new server");
        Map<?, ?> values = (Map<?, ?>) http.call("GET", "/threads/" + tr[0] + "/state", null).map().get("values");
        assertEquals(5, ((Number) values.get("n")).intValue());
      }
      assertTrue(resumedAt > 0);
      System.out.printf("%s: every interrupted run resumed %d ms after /ok%n", db, (resumedAt - ok) / 1_000_000);
    }
  }
}
