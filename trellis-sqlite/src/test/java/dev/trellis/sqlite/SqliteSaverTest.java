package dev.trellis.sqlite;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.testkit.CheckpointSaverContract;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class SqliteSaverTest extends CheckpointSaverContract {
  private static Path dir;
  private static SqliteSaver saver;

  @BeforeAll
  static void open() throws Exception {
    dir = Files.createTempDirectory("trellis-sqlite");
    saver = SqliteSaver.open(dir.resolve("checkpoints.db"));
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
