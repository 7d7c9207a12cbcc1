package dev.trellis.postgres;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.PendingWrite;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Child-process main: writes N checkpoints and N task writes into one thread, then exits. */
public final class ConcurrentWriter {
  private ConcurrentWriter() {}

  public static void main(String[] args) {
    String url = args[0];
    String thread = args[1];
    String who = args[2];
    int n = Integer.parseInt(args[3]);
    try (PostgresSaver saver = PostgresSaver.connect(url)) {
      CheckpointConfig shared = CheckpointConfig.thread(thread).withCheckpointId(args[4]);
      for (int i = 0; i < n; i++) {
        saver.put(CheckpointConfig.thread(thread), new dev.trellis.checkpoint.Checkpoint(CheckpointIds.next(),
            Instant.now().toString(), Map.of("who", who, "i", i), Map.of("who", 1L), Map.of()),
            CheckpointMetadata.of("loop", i, Map.of("writer", who)));
        saver.putWrites(shared, who + "-" + i, List.of(new PendingWrite(who + "-" + i, "log", List.of(who, i))));
      }
    }
  }
}
