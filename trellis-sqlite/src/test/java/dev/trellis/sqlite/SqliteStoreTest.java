package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.store.Store;
import dev.trellis.pipeline.StoreSkipStore;
import dev.trellis.pipeline.ToolOutput;
import dev.trellis.pipeline.ToolPipeline;
import dev.trellis.pipeline.ToolSpec;
import dev.trellis.testkit.StoreContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SqliteStoreTest extends StoreContract {
  static Path file;
  static SqliteStore store;

  @BeforeAll
  static void open() throws Exception {
    file = Files.createTempDirectory("store").resolve("store.db");
    store = SqliteStore.open(file);
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected Store store(java.time.Clock clock, dev.trellis.checkpoint.store.IndexConfig index) {
    try {
      return SqliteStore.open(Files.createTempDirectory("store").resolve("s.db"), clock, index);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  protected Store store() {
    return store;
  }

  @Test
  void applicationTablesLiveInTheStoresDatabase() {
    store.database().migrate(dev.trellis.checkpoint.jdbc.Schema.of("app_audit", "test-schema/app-audit", getClass()));
    int inserted = store.database().transaction(c -> store.database().update(c,
        "INSERT INTO app_audit (id) VALUES (?) ON CONFLICT (id) DO NOTHING", "a"));
    int again = store.database().transaction(c -> store.database().update(c,
        "INSERT INTO app_audit (id) VALUES (?) ON CONFLICT (id) DO NOTHING", "a"));
    assertEquals(1, inserted);
    assertEquals(0, again);
  }

  @Test
  void twoWorkersOnOneFileShareToolSkips() {
    AtomicInteger calls = new AtomicInteger();
    ToolSpec spec = ToolSpec.named("client_signal");
    try (SqliteStore workerB = SqliteStore.open(file)) {
      ToolPipeline a = ToolPipeline.builder().skipStore(new StoreSkipStore(store)).tool(spec, args -> {
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
