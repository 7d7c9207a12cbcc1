package dev.trellis.server.db;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.server.wire.Json;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server's own tables (assistants and their versions, threads, runs, run events, crons)
 * beside the checkpoint tables, on SQLite or PostgreSQL. Rows come back as JSON-ready maps:
 * the columns in {@link #JSON_COLUMNS} are parsed.
 */
public final class ServerDb {
  /** Columns holding JSON text. */
  static final Set<String> JSON_COLUMNS = Set.of("config", "context", "metadata", "values_json", "interrupts",
      "kwargs", "payload", "data", "result", "error");
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'+00:00'").withZone(ZoneOffset.UTC);

  /**
   * The server's tables (assistants, threads, runs, run events, crons, id aliases, idempotency keys,
   * MCP sessions, thread search's indexes): {@code trellis-schema/server/<dialect>/V<n>__*.sql}.
   */
  public static final Schema SCHEMA = Schema.of("trellis_server", "trellis-schema/server", ServerDb.class);

  private final JdbcDatabase db;
  private final boolean postgres;
  private final java.time.Clock policyClock;

  public ServerDb(JdbcDatabase db, boolean postgres) {
    this(db, postgres, java.time.Clock.systemUTC());
  }

  /** {@code policyClock} measures TTLs, run timeouts, crons and event retention (tests advance a fake one). */
  public ServerDb(JdbcDatabase db, boolean postgres, java.time.Clock policyClock) {
    this.db = db;
    this.postgres = postgres;
    this.policyClock = policyClock;
    db.migrate(SCHEMA);
  }

  public JdbcDatabase jdbc() {
    return db;
  }

  /** True on PostgreSQL (many processes: row locks, SKIP LOCKED, advisory locks, NOTIFY). */
  public boolean postgres() {
    return postgres;
  }

  /** A timestamp as the API writes them: ISO-8601, UTC, microseconds (sorts as text). */
  public static String time(Instant at) {
    return TIME.format(at);
  }

  public static String now() {
    return time(Instant.now());
  }

  public <T> T tx(JdbcDatabase.Work<T> work) {
    return db.transaction(work);
  }

  public int update(Connection c, String sql, Object... args) throws SQLException {
    return db.update(c, sql, args);
  }

  /** Every row of a query as a map, JSON columns parsed. */
  public List<Map<String, Object>> rows(Connection c, String sql, Object... args) throws SQLException {
    return db.query(c, sql, ServerDb::readAll, args);
  }

  /** The first row of a query, or null. */
  public Map<String, Object> row(Connection c, String sql, Object... args) throws SQLException {
    List<Map<String, Object>> all = rows(c, sql, args);
    return all.isEmpty() ? null : all.getFirst();
  }

  private static List<Map<String, Object>> readAll(ResultSet rs) throws SQLException {
    List<Map<String, Object>> out = new ArrayList<>();
    ResultSetMetaData md = rs.getMetaData();
    while (rs.next()) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        String name = md.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT);
        Object v = rs.getObject(i);
        if (v instanceof String s && JSON_COLUMNS.contains(name)) {
          v = Json.read(s);
        }
        row.put(name, v);
      }
      out.add(row);
    }
    return out;
  }

  /** JSON text of a value for a JSON column (null stays null). */
  public static String json(Object value) {
    return value == null ? null : Json.write(value);
  }

  /** Now by the policy clock (TTLs, run timeouts, crons, event retention), epoch milliseconds. */
  public long millis() {
    return policyClock.millis();
  }

  /** Now by the policy clock, to the clock's precision (how long runs took, for the worker's counters). */
  public Instant instant() {
    return policyClock.instant();
  }

  /**
   * Lease time — liveness, always real — in epoch milliseconds by the database's clock on PostgreSQL (so leases mean
   * the same to every process whatever their own clocks say), by this process's on SQLite.
   */
  public long clock(Connection c) throws SQLException {
    if (!postgres) {
      return System.currentTimeMillis();
    }
    return db.query(c, "SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint", rs -> {
      rs.next();
      return rs.getLong(1);
    });
  }
}
