package dev.trellis.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Three JVMs write into one thread at the same time; every checkpoint and write lands. */
class CrossProcessWritersTest {

  @Test
  void writersInSeveralProcessesLoseNothing() throws Exception {
    String url = PostgresSaverTest.url();
    String thread = "xproc-" + UUID.randomUUID();
    String base;
    try (PostgresSaver saver = PostgresSaver.connect(url)) {
      base = saver.put(CheckpointConfig.thread(thread), new dev.trellis.checkpoint.Checkpoint(CheckpointIds.next(),
          Instant.now().toString(), Map.of(), Map.of(), Map.of()), CheckpointMetadata.of("input", -1)).checkpointId();
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> children = new ArrayList<>();
    for (String who : List.of("p1", "p2", "p3")) {
      children.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ConcurrentWriter.class.getName(),
          url, thread, who, "30", base).inheritIO().start());
    }
    for (Process p : children) {
      assertTrue(p.waitFor(120, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue());
    }
    try (PostgresSaver saver = PostgresSaver.connect(url)) {
      assertEquals(91, saver.list(CheckpointConfig.thread(thread), null, 0).size());
      assertEquals(90, saver.getTuple(CheckpointConfig.thread(thread).withCheckpointId(base)).pendingWrites().size());
      for (String who : List.of("p1", "p2", "p3")) {
        assertEquals(30, saver.list(CheckpointConfig.thread(thread), null, 0, Map.of("writer", who)).size());
      }
    }
  }
}
