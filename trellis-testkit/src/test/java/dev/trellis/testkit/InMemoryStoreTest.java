package dev.trellis.testkit;

import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.checkpoint.store.Store;

class InMemoryStoreTest extends StoreContract {
  private final InMemoryStore store = new InMemoryStore();

  @Override
  protected Store store(java.time.Clock clock, dev.trellis.checkpoint.store.IndexConfig index) {
    return new InMemoryStore(clock, index);
  }

  @Override
  protected Store store() {
    return store;
  }
}
