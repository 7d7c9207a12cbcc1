package dev.trellis.server.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A full disk is told apart from other database failures, so the reply is a 507 that says what happened. */
class StorageFullTest {
  @TempDir
  Path dir;

  @Test
  void sqliteFindingItsFileFullIsAFullDiskWhereverItIsWrapped() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("full.db"));
        var st = c.createStatement()) {
      st.execute("CREATE TABLE t (v BLOB)");
      st.execute("PRAGMA max_page_count = 3"); // the file may not grow: an insert fails as on a full disk
      SQLException full = assertThrows(SQLException.class,
          () -> st.execute("INSERT INTO t VALUES (zeroblob(100000))"));
      assertTrue(StorageFull.in(full));
      assertTrue(StorageFull.in(new IllegalStateException("SQLite commit failed", full)));
      assertFalse(StorageFull.in(assertThrows(SQLException.class, () -> st.execute("INSERT INTO missing VALUES (1)"))));
    }
  }

  @Test
  void postgresDiskFullStateIsAFullDisk() {
    assertTrue(StorageFull.in(new RuntimeException(new SQLException("could not extend file", "53100"))));
    assertFalse(StorageFull.in(new SQLException("deadlock detected", "40P01")));
  }
}
