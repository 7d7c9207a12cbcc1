package dev.trellis.postgres;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.testkit.LongThreadContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Long lists on PostgreSQL are stored as deltas (checkpoint_appends); they must read back whole. */
class PostgresLongThreadTest extends LongThreadContract {
  private static PostgresSaver saver;

  @BeforeAll
  static void open() {
    saver = PostgresSaver.connect(PostgresSaverTest.url());
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
