package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task writes and list rows live in one b-tree each, their primary key's ({@code WITHOUT ROWID}): a row written is one
 * b-tree entry, not a table row plus an index entry copying its key. A database written before keeps its rows.
 */
class WithoutRowidTablesTest {

  static List<String> column(Connection c, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (var st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void writesAndAppendsAreStoredInTheirPrimaryKeysOnly(@TempDir Path dir) throws Exception {
    SqliteSaver.open(dir.resolve("new.db")).close();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("new.db"))) {
      for (String table : List.of("checkpoint_writes", "checkpoint_appends")) {
        String sql = column(c, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'").get(0);
        assertTrue(sql.endsWith("WITHOUT ROWID"), sql);
        assertEquals(List.of(), column(c, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '"
            + table + "'"), "no index beside the table's own b-tree");
      }
    }
  }

  @Test
  void aDatabaseWrittenBeforeKeepsItsWritesAndListRows(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("old.db");
    Files.copy(OldFormatTest.class.getResourceAsStream("/old-format.db"), file, StandardCopyOption.REPLACE_EXISTING);
    String rows = "SELECT (SELECT COUNT(*) || '/' || COALESCE(SUM(LENGTH(value)), 0) FROM checkpoint_writes) || ' ' "
        + "|| (SELECT COUNT(*) || '/' || SUM(LENGTH(tail)) FROM checkpoint_appends)";
    String before;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      before = column(c, rows).get(0);
    }
    SqliteSaver.open(file).close();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      assertEquals(before, column(c, rows).get(0));
      assertTrue(column(c, "SELECT sql FROM sqlite_master WHERE name = 'checkpoint_writes'").get(0)
          .endsWith("WITHOUT ROWID"));
    }
  }
}
