package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@link SqliteDatabase}s on one file, as two processes sharing it: a transaction that reads and then writes waits
 * for the other's writer instead of failing when the other commits between its read and its write.
 */
class TwoProcessWritersTest {
  @TempDir
  Path dir;

  @Test
  void readThenWriteTransactionsOfTwoWritersAllCommitInSomeOrder() throws Exception {
    Path file = dir.resolve("shared.db");
    int each = 200;
    try (SqliteDatabase a = SqliteDatabase.open(file, "NORMAL"); SqliteDatabase b = SqliteDatabase.open(file, "NORMAL")) {
      a.transaction(c -> {
        try (var st = c.createStatement()) {
          st.execute("CREATE TABLE counter (v INTEGER NOT NULL)");
          st.execute("INSERT INTO counter (v) VALUES (0)");
        }
        return null;
      });
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (SqliteDatabase db : List.of(a, b)) {
          done.add(pool.submit(() -> {
            for (int i = 0; i < each; i++) {
              db.transaction(c -> {
                long v = read(c);
                try (var ps = c.prepareStatement("UPDATE counter SET v = ?")) {
                  ps.setLong(1, v + 1);
                  ps.executeUpdate();
                }
                return null;
              });
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get(5, TimeUnit.MINUTES);
        }
      } finally {
        pool.shutdownNow();
      }
      // Every increment read the value the previous one wrote: none failed, none was lost.
      assertEquals(2L * each, a.read(TwoProcessWritersTest::read));
    }
  }

  private static long read(java.sql.Connection c) throws SQLException {
    try (var st = c.createStatement(); var rs = st.executeQuery("SELECT v FROM counter")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
