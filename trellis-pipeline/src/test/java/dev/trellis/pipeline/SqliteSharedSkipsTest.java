package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.sqlite.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Skip state in a SQLite {@link dev.trellis.checkpoint.store.Store} is shared by every worker opening the file. */
class SqliteSharedSkipsTest {
  @Test
  void twoWorkersOnOneFileShareToolSkips() throws Exception {
    Path file = Files.createTempDirectory("store").resolve("store.db");
    AtomicInteger calls = new AtomicInteger();
    PipelineToolSpec spec = PipelineToolSpec.named("client_signal");
    try (SqliteStore workerA = SqliteStore.open(file); SqliteStore workerB = SqliteStore.open(file)) {
      ToolPipeline a = ToolPipeline.builder().skipStore(new StoreSkipStore(workerA)).tool(spec, args -> {
        calls.incrementAndGet();
        return ToolOutput.of(Map.of("signal", "calm"), 0.9);
      }).build();
      ToolPipeline b = ToolPipeline.builder().skipStore(new StoreSkipStore(workerB)).tool(spec, args -> {
        calls.incrementAndGet();
        return ToolOutput.of(Map.of("signal", "other"), 0.9);
      }).build();
      a.run("session-x", Map.of(), v -> { });
      assertEquals(Map.of("signal", "calm"), b.run("session-x", Map.of(), v -> { }).sections().get("client_signal"));
      assertEquals(1, calls.get());
    }
  }
}
