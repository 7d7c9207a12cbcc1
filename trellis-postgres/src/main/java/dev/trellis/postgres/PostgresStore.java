package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.JdbcStore;
import java.time.Clock;

/** A long-term {@link dev.trellis.checkpoint.store.Store} in PostgreSQL, shared by many processes. */
public final class PostgresStore extends JdbcStore {
  private PostgresStore(PostgresDatabase db) {
    super(db, Clock.systemUTC());
  }

  public static PostgresStore connect(String jdbcUrl) {
    return new PostgresStore(PostgresDatabase.connect(jdbcUrl));
  }
}
