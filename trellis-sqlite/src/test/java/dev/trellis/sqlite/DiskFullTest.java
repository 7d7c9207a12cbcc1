package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk fails the writes that do not fit, with SQLite's reason, and nothing more: the
 * database keeps what it committed and takes writes again once there is room. (The file's room
 * is capped with {@code PRAGMA max_page_count}, which fails an insert as a full disk does.)
 */
class DiskFullTest {
  @TempDir
  Path dir;

  private static void insert(SqliteDatabase db, Connection c, int key, int bytes) throws SQLException {
    db.update(c, "INSERT INTO t (k, v) VALUES (?, ?)", key, new byte[bytes]);
  }

  private static long pages(SqliteDatabase db) {
    return db.read(c -> db.query(c, "PRAGMA page_count", rs -> rs.next() ? rs.getLong(1) : -1L));
  }

  private static int rows(SqliteDatabase db) {
    return db.read(c -> db.query(c, "SELECT COUNT(*) FROM t", rs -> rs.next() ? rs.getInt(1) : -1));
  }

  @Test
  void aWriteThatFindsTheDiskFullFailsWithTheReasonAndWritesResumeWhenThereIsRoom() {
    SqliteDatabase db = SqliteDatabase.open(dir.resolve("full.db"), "NORMAL");
    try {
      db.transaction(c -> db.update(c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)"));
      for (int k = 0; k < 10; k++) {
        int key = k;
        db.transaction(c -> {
          insert(db, c, key, 10_000);
          return null;
        });
      }
      long limit = pages(db) + 4;
      db.transaction(c -> db.query(c, "PRAGMA max_page_count = " + limit, rs -> null));
      RuntimeException full = assertThrows(RuntimeException.class, () -> db.transaction(c -> {
        insert(db, c, 100, 200_000);
        return null;
      }));
      assertTrue(String.valueOf(full.getMessage()).contains("full"), full.getMessage());
      assertEquals(10, rows(db), "what was committed stays");
      db.transaction(c -> db.query(c, "PRAGMA max_page_count = 1000000", rs -> null));
      for (int k = 10; k < 20; k++) {
        int key = k;
        db.transaction(c -> {
          insert(db, c, key, 10_000);
          return null;
        });
      }
      assertEquals(20, rows(db), "writes resume once there is room");
    } finally {
      db.close();
    }
  }
}
