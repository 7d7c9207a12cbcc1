package dev.trellis.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The clock tests move by hand ({@link #advance}) instead of sleeping: give it wherever the code
 * under test takes a {@link Clock} (a store's TTLs, a graph's {@code CompileOptions.withClock}, a
 * server's builder). Two kinds: a standing clock ({@link #TestClock()}, {@link #at}) reads only
 * what {@code advance} moved it to; a running one ({@link #running()}) reads the system clock
 * plus what {@code advance} added, for code that also waits in real time (schedulers, database
 * timestamps). Also a nanosecond source ({@link #nanos}) for components that take one. Always
 * UTC. Thread-safe.
 */
public final class TestClock extends Clock {
  /** Where a standing clock starts unless told otherwise. */
  public static final Instant START = Instant.parse("2026-11-21T00:00:00Z");

  /** The clock the offset is added to: a fixed instant (standing) or the system clock (running). */
  private final Clock base;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  /** A standing clock at {@link #START}. */
  public TestClock() {
    this(Clock.fixed(START, ZoneOffset.UTC));
  }

  private TestClock(Clock base) {
    this.base = base;
  }

  /** A standing clock at {@code start}. */
  public static TestClock at(Instant start) {
    return new TestClock(Clock.fixed(start, ZoneOffset.UTC));
  }

  /** A running clock: the system's time plus what {@link #advance} added. */
  public static TestClock running() {
    return new TestClock(Clock.systemUTC());
  }

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
    return base.instant().plus(offset.get());
  }

  /** The time as nanoseconds since the epoch (e.g. {@code new InMemoryCache(clock::nanos)}). */
  public long nanos() {
    Instant t = instant();
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  /** Moves the clock forward by {@code d} (back, for a negative {@code d}). */
  public void advance(Duration d) {
    offset.accumulateAndGet(d, Duration::plus);
  }
}
