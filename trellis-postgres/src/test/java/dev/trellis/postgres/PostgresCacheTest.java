package dev.trellis.postgres;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.testkit.CacheContract;
import dev.trellis.testkit.TestClock;

/** The cache contract on the PostgreSQL server named by TRELLIS_PG_URL. */
class PostgresCacheTest extends CacheContract {
  @Override
  protected Cache cache(TestClock clock) {
    return PostgresCache.connect(PostgresSaverTest.url(), clock);
  }
}
