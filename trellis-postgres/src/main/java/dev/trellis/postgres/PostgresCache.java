package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.JdbcCache;
import java.time.Clock;

/**
 * A node-result {@link dev.trellis.checkpoint.cache.Cache} in PostgreSQL, shared by every
 * process using the database (a node computed by one worker is served to all).
 */
public final class PostgresCache extends JdbcCache {
  private PostgresCache(PostgresDatabase db, Clock clock) {
    super(db, clock);
  }

  public static PostgresCache connect(String jdbcUrl) {
    return connect(jdbcUrl, Clock.systemUTC());
  }

  /** A cache reading time from {@code clock} (tests pass a movable clock). */
  public static PostgresCache connect(String jdbcUrl, Clock clock) {
    return new PostgresCache(PostgresDatabase.connect(jdbcUrl), clock);
  }
}
