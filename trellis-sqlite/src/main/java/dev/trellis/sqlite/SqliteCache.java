package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcCache;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A node-result {@link dev.trellis.checkpoint.cache.Cache} in a SQLite file (may be the
 * checkpoint file), shared by every process using the file and kept across restarts.
 */
public final class SqliteCache extends JdbcCache {
  private SqliteCache(SqliteDatabase db, Clock clock) {
    super(db, clock);
  }

  public static SqliteCache open(Path file) {
    return open(file, Clock.systemUTC());
  }

  /** A cache reading time from {@code clock} (tests pass a movable clock). */
  public static SqliteCache open(Path file, Clock clock) {
    return new SqliteCache(SqliteDatabase.open(file, "NORMAL"), clock);
  }
}
