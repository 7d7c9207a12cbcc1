package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcStore;
import dev.trellis.checkpoint.store.IndexConfig;
import java.nio.file.Path;
import java.time.Clock;

/** A long-term {@link dev.trellis.checkpoint.store.Store} in a SQLite file (may be the checkpoint file). */
public final class SqliteStore extends JdbcStore {
  private SqliteStore(SqliteDatabase db, Clock clock, IndexConfig index) {
    super(db, clock, index);
  }

  /**
   * Opens (creating if needed) the store's tables in the file.
   *
   * @throws IllegalStateException the file cannot be opened or its tables created
   */
  public static SqliteStore open(Path file) {
    return open(file, Clock.systemUTC(), null);
  }

  /**
   * With a clock (tests) and semantic indexing ({@code index} null: none).
   *
   * @throws IllegalStateException the file cannot be opened or its tables created
   */
  public static SqliteStore open(Path file, Clock clock, IndexConfig index) {
    return new SqliteStore(SqliteDatabase.open(file, "NORMAL"), clock, index);
  }
}
