package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import javax.sql.DataSource;

/**
 * Checkpoints in PostgreSQL, shared by any number of threads and processes; the schema is
 * created on first use. Close the saver to close a pool it created.
 */
public final class PostgresSaver extends JdbcSaver {
  private PostgresSaver(PostgresDatabase db, Serde serde) {
    super(db, serde);
  }

  /** Connects to {@code jdbcUrl} (e.g. {@code jdbc:postgresql://127.0.0.1:5432/trellis?user=u&password=p}) with a pool. */
  public static PostgresSaver connect(String jdbcUrl) {
    return connect(jdbcUrl, new JacksonSerde());
  }

  public static PostgresSaver connect(String jdbcUrl, Serde serde) {
    return new PostgresSaver(PostgresDatabase.connect(jdbcUrl), serde);
  }

  /** Uses a data source the caller owns (and closes). Connections must allow {@code setAutoCommit(false)}. */
  public static PostgresSaver using(DataSource dataSource, Serde serde) {
    return new PostgresSaver(PostgresDatabase.using(dataSource), serde);
  }
}
