package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a caller may tell the JDBC saver to spare statements, and what stays true: a batch whose own last write
 * stands in for the write guard saves nothing when that write refuses, and a thread said to have no checkpoint reads
 * as empty once, never after a write to it.
 */
class SaverHintsTest {
  @TempDir
  Path dir;

  @Test
  void aBatchGuardedByItsOwnWriteSkipsTheGuardAndSavesNothingWhenThatWriteRefuses() {
    AtomicInteger guardCalls = new AtomicInteger();
    try (JdbcSaver saver = new JdbcSaver(SqliteDatabase.open(dir.resolve("g.db"), "NORMAL"), new JacksonSerde(),
        (c, threads) -> guardCalls.incrementAndGet())) {
      CheckpointConfig t = CheckpointConfig.thread("t");
      assertThrows(IllegalStateException.class, () -> saver.putBatchGuardedBy(List.of(put(t)), c -> {
        throw new IllegalStateException("lost the run");
      }));
      assertEquals(0, saver.list(t, null, 0).size(), "the refused batch left nothing");
      assertEquals(0, guardCalls.get());
      assertEquals("ended", saver.putBatchGuardedBy(List.of(put(t)), c -> "ended"));
      assertEquals(1, saver.list(t, null, 0).size());
      assertEquals(0, guardCalls.get());
      saver.putBatch(List.of(put(t)), c -> null);
      assertEquals(1, guardCalls.get(), "an ordinary batch still asks the guard");
    }
  }

  @Test
  void aThreadKnownEmptyReadsEmptyOnceAndNeverAfterAWrite() {
    try (JdbcSaver saver = new JdbcSaver(SqliteDatabase.open(dir.resolve("e.db"), "NORMAL"), new JacksonSerde())) {
      CheckpointConfig t = CheckpointConfig.thread("t");
      saver.knownEmpty("t");
      assertNull(saver.getTuple(t));
      saver.knownEmpty("t");
      saver.putBatch(List.of(put(t)));
      assertNotNull(saver.getTuple(t), "a write to the thread drops the hint");
      // Misused on a thread that has a checkpoint, the hint answers one read only.
      saver.knownEmpty("t");
      assertNull(saver.getTuple(t));
      assertNotNull(saver.getTuple(t));
      saver.knownEmpty("t");
      saver.forgetEmpty("t");
      assertNotNull(saver.getTuple(t));
      // Only the newest root checkpoint is answered: a read of a named checkpoint goes to the database.
      String id = saver.getTuple(t).config().checkpointId();
      saver.knownEmpty("t");
      assertNotNull(saver.getTuple(t.withCheckpointId(id)));
    }
  }

  private static SaveOp put(CheckpointConfig thread) {
    return new SaveOp.Put(thread, new Checkpoint(CheckpointIds.next(), Instant.now().toString(), Map.of(), Map.of(),
        Map.of()), CheckpointMetadata.of("loop", 0));
  }
}
