package dev.trellis.postgres;

import dev.trellis.checkpoint.store.Store;
import dev.trellis.testkit.StoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PostgresStoreTest extends StoreContract {
  static PostgresStore store;

  @BeforeAll
  static void open() {
    store = PostgresStore.connect(PostgresSaverTest.url());
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected Store store(java.time.Clock clock, dev.trellis.checkpoint.store.IndexConfig index) {
    return PostgresStore.connect(PostgresSaverTest.url(), clock, index);
  }

  @Override
  protected Store store() {
    return store;
  }
}
