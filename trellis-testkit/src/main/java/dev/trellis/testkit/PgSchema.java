package dev.trellis.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A fresh schema on the test PostgreSQL ({@code TRELLIS_PG_URL}, set by {@code tmvn}) so tests
 * never share tables or run queues; {@link #close} drops it. The JDBC driver comes from the
 * test's class path.
 */
public final class PgSchema implements AutoCloseable {
  private final String base;
  private final String schema;

  private PgSchema(String base, String schema) {
    this.base = base;
    this.schema = schema;
  }

  /** Creates a schema named {@code <prefix><random>}. */
  public static PgSchema create(String prefix) {
    String base = System.getenv("TRELLIS_PG_URL");
    if (base == null) {
      throw new IllegalStateException("TRELLIS_PG_URL is not set: run the tests with tmvn, which points it at the local "
          + "PostgreSQL");
    }
    String schema = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute(base, "CREATE SCHEMA " + schema);
    return new PgSchema(base, schema);
  }

  /** The JDBC URL whose connections use this schema. */
  public String url() {
    return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  /** Drops the schema a {@link #url} names (for callers that kept only the URL). */
  public static void drop(String url) {
    int at = url.indexOf("currentSchema=");
    String schema = url.substring(at + "currentSchema=".length());
    execute(url.substring(0, at - 1), "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
  }

  @Override
  public void close() {
    execute(base, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
  }

  private static void execute(String url, String sql) {
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }
}
