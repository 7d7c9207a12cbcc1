package dev.trellis.sqlite;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.testkit.LongThreadContract;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Long lists on SQLite are stored as deltas (checkpoint_appends); they must read back whole. */
class SqliteLongThreadTest extends LongThreadContract {
  private static SqliteSaver saver;

  @BeforeAll
  static void open() throws Exception {
    saver = SqliteSaver.open(Files.createTempDirectory("trellis-long").resolve("checkpoints.db"));
  }

  @AfterAll
  static void close() {
    saver.close();
  }

  @Override
  protected CheckpointSaver saver() {
    return saver;
  }
}
