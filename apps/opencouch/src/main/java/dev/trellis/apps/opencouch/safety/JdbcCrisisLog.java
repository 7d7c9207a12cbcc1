package dev.trellis.apps.opencouch.safety;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.sqlite.SqliteDatabase;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The crisis log in its own table, {@code opencouch_crisis_log}, of a SQLite file or a
 * PostgreSQL database (the one the server keeps its runs in). Inserts ignore a record id that
 * is already there, so a re-run node writes nothing twice.
 */
public final class JdbcCrisisLog implements CrisisLog {
  private static final String COLUMNS = "record_id, thread_id, user_id, session_id, turn, severity, category, layer, "
      + "matched, message, response_status, memory_mode, created_at";
  /**
   * OpenCouch's tables, versioned apart from the server's: {@code trellis-schema/opencouch/<dialect>/V<n>__*.sql},
   * history in {@code opencouch_schema_history}.
   */
  public static final Schema SCHEMA = Schema.of("opencouch", "trellis-schema/opencouch", JdbcCrisisLog.class);

  private final JdbcDatabase db;

  public JdbcCrisisLog(JdbcDatabase db) {
    this.db = db;
    db.migrate(SCHEMA);
  }

  /** A log in its own SQLite file (for graphs run without a server). */
  public static JdbcCrisisLog sqlite(Path file) {
    return new JdbcCrisisLog(SqliteDatabase.open(file, "FULL"));
  }

  @Override
  public boolean append(CrisisRecord r) {
    return db.transaction(c -> db.update(c, "INSERT INTO opencouch_crisis_log (" + COLUMNS
        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (record_id) DO NOTHING", r.recordId(), r.threadId(),
        r.userId(), r.sessionId(), r.turn(), r.severity(), r.category(), r.layer(), r.matched(), r.message(),
        r.responseStatus(), r.memoryMode(), r.createdAtMillis())) == 1;
  }

  @Override
  public List<CrisisRecord> forUser(String userId) {
    return select("user_id", userId);
  }

  @Override
  public List<CrisisRecord> forThread(String threadId) {
    return select("thread_id", threadId);
  }

  private List<CrisisRecord> select(String column, String value) {
    return db.transaction(c -> db.query(c, "SELECT " + COLUMNS + " FROM opencouch_crisis_log WHERE " + column
        + " = ? ORDER BY created_at, record_id", JdbcCrisisLog::read, value));
  }

  private static List<CrisisRecord> read(ResultSet rs) throws SQLException {
    List<CrisisRecord> out = new ArrayList<>();
    while (rs.next()) {
      out.add(new CrisisRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
          rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11),
          rs.getString(12), rs.getLong(13)));
    }
    return out;
  }
}
