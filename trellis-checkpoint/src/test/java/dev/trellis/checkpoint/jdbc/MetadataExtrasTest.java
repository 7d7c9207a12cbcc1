package dev.trellis.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.CheckpointMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A batch's metadata written with the run's shared extras spliced in reads exactly as when written whole. */
class MetadataExtrasTest {

  @Test
  void metadataWithSharedExtrasIsWrittenAsWhenEncodedWhole() {
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("run_id", "01a2-run");
    run.put("thread_id", "01a2-thread");
    run.put("user-agent", "Java-http-client/25 \"quoted\" \\ é ☃");
    run.put("attempt", 2);
    run.put("stream", true);
    run.put("", "empty key");
    Map<String, Object> extra = Map.copyOf(run);
    MetadataExtras batch = new MetadataExtras();
    List<CheckpointMetadata> saves = List.of(
        new CheckpointMetadata("input", -1, Map.of(), extra),
        new CheckpointMetadata("loop", 0, Map.of(), extra),
        new CheckpointMetadata("loop", 12, Map.of(), extra),
        new CheckpointMetadata("loop", 13, Map.of("n1", Map.of("count", 2)), extra),
        new CheckpointMetadata("update", 14, Map.of(), Map.of()),
        new CheckpointMetadata("fork", 15, Map.of(), Map.of("nested", Map.of("a", 1))),
        new CheckpointMetadata("loop", 16, Map.of(), Map.of("$tagged", "x")),
        new CheckpointMetadata("loop", 17, Map.of(), Map.of("big", 1L << 40, "real", 1.5)),
        new CheckpointMetadata("loop", 18, Map.of(), Map.of("long", "x".repeat(2000))),
        new CheckpointMetadata("Odd \"source\"", 19, Map.of(), extra),
        new CheckpointMetadata("loop", 20, Map.of(), extra));
    for (CheckpointMetadata md : saves) {
      assertEquals(JdbcSaver.encodeMetadata(md, x -> null), batch.encode(md, x -> null), md.toString());
    }
  }
}
