package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The saver's versioned schema on SQLite: it migrates alone, and savers opening one new file together migrate it once. */
class SqliteSchemaTest {
  @TempDir
  Path dir;

  private List<String> rows(Path file, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
         var rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void aSaverAloneMigratesOnlyItsOwnTables() throws SQLException {
    Path file = dir.resolve("saver.db");
    SqliteSaver.open(file).close();

    assertEquals(List.of("checkpoint_appends", "checkpoint_blobs", "checkpoint_writes", "checkpoints",
        "trellis_saver_schema_history"), rows(file, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
    assertEquals(List.of("1"), rows(file, "SELECT version FROM trellis_saver_schema_history"));
  }

  @Test
  void saversOpeningOneNewFileTogetherMigrateItOnce() throws Exception {
    Path file = dir.resolve("together.db");
    int n = 4;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      List<Future<?>> opened = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        opened.add(pool.submit(() -> {
          start.await();
          SqliteSaver.open(file).close();
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : opened) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertEquals(List.of("1"), rows(file, "SELECT version FROM trellis_saver_schema_history"));
  }
}
