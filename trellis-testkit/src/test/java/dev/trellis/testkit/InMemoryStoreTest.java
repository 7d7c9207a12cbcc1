package dev.trellis.testkit;

import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.checkpoint.store.Store;

class InMemoryStoreTest extends StoreContract {
  private final InMemoryStore store = new InMemoryStore();

  @Override
  protected Store store() {
    return store;
  }
}
