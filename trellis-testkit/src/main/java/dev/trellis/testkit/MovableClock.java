package dev.trellis.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock tests move by hand ({@link #advance}); starts at 2026-11-21T00:00:00Z. Also a
 * nanosecond source ({@link #nanos}) for components that take one. Thread-safe.
 */
public final class MovableClock extends Clock {
  private volatile Instant now = Instant.parse("2026-11-21T00:00:00Z");

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }

  /** The time as nanoseconds since the epoch (e.g. {@code new InMemoryCache(clock::nanos)}). */
  public long nanos() {
    Instant t = now;
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  public synchronized void advance(Duration d) {
    now = now.plus(d);
  }
}
