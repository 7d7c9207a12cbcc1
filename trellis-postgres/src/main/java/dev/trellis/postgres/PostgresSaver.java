package dev.trellis.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * Checkpoints in PostgreSQL, shared by any number of threads and processes. Connections
 * come from a HikariCP pool; the schema is created on first use (idempotent, safe when
 * several processes start at once: DDL runs under a transaction-scoped advisory lock).
 * Close the saver to close a pool it created.
 */
public final class PostgresSaver extends JdbcSaver implements AutoCloseable {
  private static final long MIGRATION_LOCK = 0x7472656c6c6973L;

  private final DataSource dataSource;
  private final boolean ownsPool;

  private PostgresSaver(DataSource dataSource, boolean ownsPool, Serde serde) {
    super(serde);
    this.dataSource = dataSource;
    this.ownsPool = ownsPool;
    migrate();
  }

  /** Connects to {@code jdbcUrl} (e.g. {@code jdbc:postgresql://127.0.0.1:5432/trellis?user=u&password=p}) with a pool. */
  public static PostgresSaver connect(String jdbcUrl) {
    return connect(jdbcUrl, new JacksonSerde());
  }

  public static PostgresSaver connect(String jdbcUrl, Serde serde) {
    HikariConfig cfg = new HikariConfig();
    cfg.setJdbcUrl(jdbcUrl);
    cfg.setMaximumPoolSize(Integer.getInteger("trellis.postgres.pool", 8));
    cfg.setAutoCommit(false);
    cfg.setPoolName("trellis-postgres");
    return new PostgresSaver(new HikariDataSource(cfg), true, serde);
  }

  /** Uses a data source the caller owns (and closes). Connections must allow {@code setAutoCommit(false)}. */
  public static PostgresSaver using(DataSource dataSource, Serde serde) {
    return new PostgresSaver(dataSource, false, serde);
  }

  @Override
  protected <T> T transaction(Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("PostgreSQL checkpoint operation failed: " + e.getMessage(), e);
    }
  }

  @Override
  protected List<String> schema() {
    List<String> ddl = new java.util.ArrayList<>();
    ddl.add("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
    ddl.addAll(standardSchema("BYTEA"));
    return ddl;
  }

  @Override
  public void close() {
    if (ownsPool && dataSource instanceof HikariDataSource h) {
      h.close();
    }
  }
}
