package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.JdbcStore;
import dev.trellis.checkpoint.store.IndexConfig;
import java.time.Clock;

/**
 * A long-term {@link dev.trellis.checkpoint.store.Store} in PostgreSQL, shared by many
 * processes. Vector similarity is computed in Java (pgvector is not available here).
 */
public final class PostgresStore extends JdbcStore {
  private PostgresStore(PostgresDatabase db, Clock clock, IndexConfig index) {
    super(db, clock, index);
  }

  /**
   * Connects to {@code jdbcUrl} with a pool.
   *
   * @throws RuntimeException the database cannot be reached (HikariCP's pool initialization error) or its
   *     tables cannot be created ({@link IllegalStateException})
   */
  public static PostgresStore connect(String jdbcUrl) {
    return connect(jdbcUrl, Clock.systemUTC(), null);
  }

  /**
   * With a clock (tests) and semantic indexing ({@code index} null: none).
   *
   * @throws RuntimeException the database cannot be reached (HikariCP's pool initialization error) or its
   *     tables cannot be created ({@link IllegalStateException})
   */
  public static PostgresStore connect(String jdbcUrl, Clock clock, IndexConfig index) {
    return new PostgresStore(PostgresDatabase.connect(jdbcUrl), clock, index);
  }
}
