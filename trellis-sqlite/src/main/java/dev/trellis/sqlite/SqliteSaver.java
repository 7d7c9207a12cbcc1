package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import java.nio.file.Path;

/**
 * Checkpoints in one SQLite file (WAL journal): the embedded default. Safe for any number
 * of threads and for several processes sharing the file. Close it to release the file.
 */
public final class SqliteSaver extends JdbcSaver {
  private SqliteSaver(SqliteDatabase db, Serde serde) {
    super(db, serde);
  }

  /**
   * Opens (creating if needed) the file with the default serde and {@code synchronous=NORMAL}.
   *
   * @throws IllegalStateException the file cannot be opened or its tables created
   */
  public static SqliteSaver open(Path file) {
    return open(file, new JacksonSerde(), "NORMAL");
  }

  /**
   * Opens the file with a serde (e.g. {@code EncryptedSerde}) and a {@code synchronous} mode (NORMAL or FULL).
   *
   * @throws IllegalArgumentException an unknown {@code synchronous} mode
   * @throws IllegalStateException the file cannot be opened or its tables created
   */
  public static SqliteSaver open(Path file, Serde serde, String synchronous) {
    return new SqliteSaver(SqliteDatabase.open(file, synchronous), serde);
  }
}
