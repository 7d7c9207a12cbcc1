package dev.trellis.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.testkit.CheckpointSaverContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

  @Test
  void versionsWithinIntRangeAreStoredAsPlainNumbers() throws Exception {
    String thread = "t-" + java.util.UUID.randomUUID();
    Checkpoint cp = new Checkpoint(CheckpointIds.next(), java.time.Instant.now().toString(), java.util.Map.of("a", 1),
        java.util.Map.of("a", 3L, "b", 1L << 40), java.util.Map.of("n", java.util.Map.of("a", 2L)));
    saver.put(CheckpointConfig.thread(thread), cp, CheckpointMetadata.of("loop", 0));
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url());
         var ps = c.prepareStatement("SELECT checkpoint FROM checkpoints WHERE thread_id = ?")) {
      ps.setString(1, thread);
      try (var rs = ps.executeQuery()) {
        assertTrue(rs.next());
        JsonNode stored = new ObjectMapper().readTree(rs.getBytes(1));
        assertTrue(stored.at("/versions/a").isInt(), "version a stored as " + stored.at("/versions/a"));
        assertTrue(stored.at("/seen/n/a").isInt(), "version seen stored as " + stored.at("/seen/n/a"));
        assertEquals("1099511627776", stored.at("/versions/b/$long").asText(), "beyond int range, a tagged long");
      }
    }
  }
}
