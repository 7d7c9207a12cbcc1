package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.store.Store;
import dev.trellis.testkit.StoreContract;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
