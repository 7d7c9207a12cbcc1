package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcStore;
import java.nio.file.Path;
import java.time.Clock;

/** A long-term {@link dev.trellis.checkpoint.store.Store} in a SQLite file (may be the checkpoint file). */
public final class SqliteStore extends JdbcStore {
  private SqliteStore(SqliteDatabase db) {
    super(db, Clock.systemUTC());
  }

  public static SqliteStore open(Path file) {
    return new SqliteStore(SqliteDatabase.open(file, "NORMAL"));
  }
}
