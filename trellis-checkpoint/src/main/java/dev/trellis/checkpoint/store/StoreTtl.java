package dev.trellis.checkpoint.store;

import java.time.Duration;

/**
 * Store-wide time-to-live settings, as LangGraph's {@code store.ttl}: items put without a TTL of
 * their own get {@code defaultTtl} (null: they never expire); reads restart an item's TTL when
 * {@code refreshOnRead} (a read that asks for no refresh never does); expired items, already
 * invisible to reads, are deleted every {@code sweepInterval}. Immutable.
 */
public record StoreTtl(Duration defaultTtl, boolean refreshOnRead, Duration sweepInterval) {
  /** No default TTL, reads refresh, sweeps every minute: what a store does without settings. */
  public static final StoreTtl DEFAULT = new StoreTtl(null, true, Duration.ofMinutes(1));

  public StoreTtl {
    if (defaultTtl != null && (defaultTtl.isZero() || defaultTtl.isNegative())) {
      throw new IllegalArgumentException("store default TTL must be positive, got " + defaultTtl);
    }
    if (sweepInterval == null || sweepInterval.isZero() || sweepInterval.isNegative()) {
      throw new IllegalArgumentException("store sweep interval must be positive, got " + sweepInterval);
    }
  }

  public StoreTtl withDefaultTtl(Duration ttl) {
    return new StoreTtl(ttl, refreshOnRead, sweepInterval);
  }

  public StoreTtl withRefreshOnRead(boolean refresh) {
    return new StoreTtl(defaultTtl, refresh, sweepInterval);
  }

  public StoreTtl withSweepInterval(Duration interval) {
    return new StoreTtl(defaultTtl, refreshOnRead, interval);
  }

  /** {@code store} with these defaults applied to its puts and reads; {@code store} itself when they change nothing. */
  public Store applyTo(Store store) {
    return defaultTtl == null && refreshOnRead ? store : new TtlDefaultsStore(store, this);
  }
}
