package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.TestClock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A SQLite file gives the space of deleted threads back to the file system. */
class SqliteSpaceTest {
  static long pragma(Path db, String name) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement();
         var rs = st.executeQuery("PRAGMA " + name)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void freePagesGoBackAfterBigThreadsAreDeleted() throws Exception {
    Path db = TestServers.tempDir().resolve("space.db");
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(db).clock(clock).lease(Duration.ofMillis(400)).start()) {
      assertEquals(2, pragma(db, "auto_vacuum"), "new files are incrementally vacuumed");
      HttpClientHelper http = new HttpClientHelper(server);
      List<String> threads = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        String t = http.call("POST", "/threads", Map.of()).get("thread_id");
        assertEquals(200, http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
            "input", Map.of("log", List.of("x".repeat(500_000))))).status());
        threads.add(t);
      }
      for (String t : threads) {
        assertEquals(204, http.call("DELETE", "/threads/" + t, null).status());
      }
      long freeAfterDelete = pragma(db, "freelist_count");
      assertTrue(freeAfterDelete > 100, "deleting big threads frees pages: " + freeAfterDelete);
      clock.advance(Duration.ofMinutes(11));
      long end = System.currentTimeMillis() + 20_000;
      while (pragma(db, "freelist_count") >= freeAfterDelete && System.currentTimeMillis() < end) {
        Thread.sleep(50);
      }
      assertTrue(pragma(db, "freelist_count") < freeAfterDelete / 10,
          "free pages returned: " + pragma(db, "freelist_count") + " of " + freeAfterDelete);
    }
  }
}
