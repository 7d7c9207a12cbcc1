package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.SaveOp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's checkpoints saved in one batch read back as saved, whichever way each value is stored: inline (most
 * checkpoints store no list row and no blob, and keep their values without a copy), a list long enough for list rows,
 * a value large enough for a blob, versions in and beyond {@code int} range, a null trigger.
 */
class CheckpointRoundTripTest {
  private static Checkpoint step(int i, String id) {
    Map<String, Object> values = new HashMap<>();
    values.put("count", i);
    List<Integer> log = new ArrayList<>();
    for (int j = 0; j < i; j++) {
      log.add(j);
    }
    values.put("log", log);
    values.put("branch:to:n" + i, null);
    if (i >= 6) {
      values.put("big", "b".repeat(20_000)); // a blob from here on, unchanged
    }
    Map<String, Long> versions = new LinkedHashMap<>();
    versions.put("__start__", 2L);
    versions.put("count", (long) i + 2);
    versions.put("log", i % 3 == 0 ? (1L << 40) + i : i + 2L);
    Map<String, Map<String, Long>> seen = new LinkedHashMap<>();
    seen.put("__start__", Map.of("__start__", 1L));
    for (int n = 0; n < i; n++) {
      seen.put("n" + n, Map.of("branch:to:n" + n, n + 2L));
    }
    return new Checkpoint(id, "2026-11-27T07:00:0" + (i % 10) + "Z", values, versions, seen);
  }

  @Test
  void everyCheckpointOfARunSavedInOneBatchReadsBackAsSaved(@TempDir Path dir) {
    try (SqliteSaver saver = SqliteSaver.open(dir.resolve("r.db"))) {
      CheckpointConfig thread = CheckpointConfig.thread("t");
      List<SaveOp> ops = new ArrayList<>();
      List<Checkpoint> saved = new ArrayList<>();
      String parent = null;
      for (int i = 0; i < 12; i++) {
        Checkpoint cp = step(i, String.format("%032d", i + 1));
        ops.add(new SaveOp.Put(thread.withCheckpointId(parent), cp,
            new CheckpointMetadata(i == 0 ? "input" : "loop", i - 1, Map.of(), Map.of("run_id", "r1", "n", i))));
        saved.add(cp);
        parent = cp.id();
      }
      saver.putBatch(ops);
      for (Checkpoint cp : saved) {
        CheckpointTuple t = saver.getTuple(thread.withCheckpointId(cp.id()));
        assertEquals(cp.channelValues(), t.checkpoint().channelValues(), cp.id());
        assertEquals(cp.channelVersions(), t.checkpoint().channelVersions(), cp.id());
        assertEquals(cp.versionsSeen(), t.checkpoint().versionsSeen(), cp.id());
        assertEquals(cp.ts(), t.checkpoint().ts());
      }
      assertEquals(12, saver.list(thread, null, 0).size());
    }
  }
}
