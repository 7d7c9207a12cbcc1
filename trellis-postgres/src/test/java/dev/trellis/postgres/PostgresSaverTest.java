package dev.trellis.postgres;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.testkit.CheckpointSaverContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Runs against the real PostgreSQL server named by TRELLIS_PG_URL (bin/test starts one). */
class PostgresSaverTest extends CheckpointSaverContract {
  private static PostgresSaver saver;

  static String url() {
    String url = System.getenv("TRELLIS_PG_URL");
    assertNotNull(url, "TRELLIS_PG_URL is not set: run the tests with bin/test, which starts PostgreSQL");
    return url;
  }

  @BeforeAll
  static void open() {
    saver = PostgresSaver.connect(url());
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
