package dev.trellis.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.migrations.Migrations;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * A PostgreSQL database reached through a connection pool (HikariCP), safe for any number
 * of threads and processes; schemas migrate ({@link #migrate}) under a session advisory lock
 * so processes starting together do not race.
 */
public final class PostgresDatabase implements JdbcDatabase {
  private static final long MIGRATION_LOCK = 0x7472656c6c6973L;

  private final DataSource dataSource;
  private final boolean ownsPool;
  /** Names of the schemas migrated through this object. */
  private final Set<String> migrated = ConcurrentHashMap.newKeySet();

  private PostgresDatabase(DataSource dataSource, boolean ownsPool) {
    this.dataSource = dataSource;
    this.ownsPool = ownsPool;
  }

  /** Connects to {@code jdbcUrl} (e.g. {@code jdbc:postgresql://127.0.0.1:5432/trellis?user=u&password=p}) with a pool. */
  public static PostgresDatabase connect(String jdbcUrl) {
    HikariConfig cfg = new HikariConfig();
    cfg.setJdbcUrl(jdbcUrl);
    cfg.setMaximumPoolSize(Integer.getInteger("trellis.postgres.pool", 8));
    cfg.setAutoCommit(false);
    cfg.setPoolName("trellis-postgres");
    // A batch of task writes or checkpoints becomes multi-row INSERTs: one statement for a whole group commit.
    cfg.addDataSourceProperty("reWriteBatchedInserts", "true");
    return new PostgresDatabase(new HikariDataSource(cfg), true);
  }

  /** Uses a data source the caller owns and closes. */
  public static PostgresDatabase using(DataSource dataSource) {
    return new PostgresDatabase(dataSource, false);
  }

  @Override
  public <T> T transaction(Work<T> work) {
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
      throw new IllegalStateException("PostgreSQL operation failed: " + e.getMessage(), e);
    }
  }

  @Override
  public dev.trellis.checkpoint.jdbc.KeywordIndex keywordIndex() {
    return new TsvectorKeywordIndex();
  }

  @Override
  public String blobType() {
    return "BYTEA";
  }

  @Override
  public String shareLock() {
    return " FOR SHARE";
  }

  /**
   * Runs {@code schema}'s PostgreSQL scripts while one pooled connection holds the session advisory
   * lock {@code MIGRATION_LOCK}, so processes starting together migrate one after the other (Flyway
   * takes two more connections meanwhile).
   */
  @Override
  public void migrate(Schema schema) {
    if (migrated.contains(schema.name())) {
      return;
    }
    synchronized (migrated) {
      if (migrated.contains(schema.name())) {
        return;
      }
      try (Connection c = dataSource.getConnection()) {
        c.setAutoCommit(true);
        try (var st = c.createStatement()) {
          st.execute("SELECT pg_advisory_lock(" + MIGRATION_LOCK + ")");
        }
        try {
          Migrations.migrate(dataSource, "postgresql", schema);
        } finally {
          try (var st = c.createStatement()) {
            st.execute("SELECT pg_advisory_unlock(" + MIGRATION_LOCK + ")");
          }
        }
      } catch (SQLException e) {
        throw new IllegalStateException("PostgreSQL migration lock failed: " + e.getMessage(), e);
      }
      migrated.add(schema.name());
    }
  }

  @Override
  public void close() {
    if (ownsPool && dataSource instanceof HikariDataSource h) {
      h.close();
    }
  }
}
