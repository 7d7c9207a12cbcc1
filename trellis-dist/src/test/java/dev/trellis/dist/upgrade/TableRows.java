package dev.trellis.dist.upgrade;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Every row of every ordinary table of a database, each row as text (its columns in order, bytes
 * as hex): what an upgrade must keep. Skipped: the schema histories (made by the upgrade) and
 * SQLite's own and FTS5's internal tables.
 */
record TableRows(Map<String, Set<String>> tables) {

  static TableRows read(Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    List<String> names = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT);
        if (!name.endsWith("_schema_history") && !name.startsWith("sqlite_") && !name.startsWith("store_fts_")) {
          names.add(name);
        }
      }
    }
    Map<String, Set<String>> tables = new TreeMap<>();
    for (String name : names) {
      Set<String> rows = new TreeSet<>();
      try (var st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM " + name)) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            Object v = rs.getObject(i);
            row.append(i > 1 ? "|" : "").append(v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v));
          }
          rows.add(row.toString());
        }
      }
      tables.put(name, rows);
    }
    return new TableRows(tables);
  }

  /** The first column's values of {@code table} (its key, in every table here that the server updates). */
  Set<String> keys(String table) {
    Set<String> keys = new TreeSet<>();
    for (String row : tables.getOrDefault(table, Set.of())) {
      keys.add(row.split("\\|", 2)[0]);
    }
    return keys;
  }
}
