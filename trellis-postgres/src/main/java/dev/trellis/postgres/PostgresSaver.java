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

  /**
   * Connects to {@code jdbcUrl} (e.g. {@code jdbc:postgresql://127.0.0.1:5432/trellis?user=u&password=p}) with a pool.
   *
   * @throws RuntimeException the database cannot be reached (HikariCP's pool initialization error) or its
   *     tables cannot be created ({@link IllegalStateException})
   */
  public static PostgresSaver connect(String jdbcUrl) {
    return connect(jdbcUrl, new JacksonSerde());
  }

  /**
   * As {@link #connect(String)}, storing values with {@code serde}.
   *
   * @throws RuntimeException the database cannot be reached (HikariCP's pool initialization error) or its
   *     tables cannot be created ({@link IllegalStateException})
   */
  public static PostgresSaver connect(String jdbcUrl, Serde serde) {
    return new PostgresSaver(PostgresDatabase.connect(jdbcUrl), serde);
  }

  /**
   * Uses a data source the caller owns (and closes). Connections must allow {@code setAutoCommit(false)}.
   *
   * @throws IllegalStateException the database cannot be reached or its tables cannot be created
   */
  public static PostgresSaver using(DataSource dataSource, Serde serde) {
    return new PostgresSaver(PostgresDatabase.using(dataSource), serde);
  }
}
