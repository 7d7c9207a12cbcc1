package dev.trellis.testkit;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.cache.InMemoryCache;

class InMemoryCacheTest extends CacheContract {
  @Override
  protected Cache cache(TestClock clock) {
    return new InMemoryCache(clock::nanos);
  }
}
