package dev.trellis.testkit;

import dev.trellis.policy.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The clock tests move by hand ({@link #advance}) instead of sleeping: give it wherever the code
 * under test takes a {@link Clock} (a store's TTLs, a graph's {@code CompileOptions.withClock}, a
 * server's builder). Two kinds: a standing clock ({@link #TestClock()}, {@link #at}) reads only
 * what {@code advance} moved it to; a running one ({@link #running()}) reads the system clock
 * plus what {@code advance} added, for code that also waits in real time (schedulers, database
 * timestamps). Also a nanosecond source ({@link #nanos}) for components that take one, and a
 * {@link Timer} (a graph's {@code CompileOptions.withTimer}): what it schedules runs inside the
 * {@code advance} that moves the clock to or past its due time, in due order, on the caller's
 * thread — never on its own. Always UTC. Thread-safe.
 */
public final class TestClock extends Clock implements Timer {
  /** Where a standing clock starts unless told otherwise. */
  public static final Instant START = Instant.parse("2026-11-21T00:00:00Z");

  /** The clock the offset is added to: a fixed instant (standing) or the system clock (running). */
  private final Clock base;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);
  /** Scheduled actions not yet run nor cancelled; guarded by itself. */
  private final List<Due> timers = new ArrayList<>();

  private record Due(Instant at, Runnable action) {}

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

  /**
   * Moves the clock forward by {@code d} (back, for a negative {@code d}), then runs each
   * scheduled action now due, earliest first (one an action schedules runs too when already due).
   */
  public void advance(Duration d) {
    offset.accumulateAndGet(d, Duration::plus);
    for (Due due = nextDue(); due != null; due = nextDue()) {
      due.action().run();
    }
  }

  /** Schedules {@code action} for {@code delay} from now; it runs inside the {@link #advance} that reaches it. */
  @Override
  public Runnable schedule(Duration delay, Runnable action) {
    Due due = new Due(instant().plus(delay), action);
    synchronized (timers) {
      timers.add(due);
    }
    return () -> {
      synchronized (timers) {
        timers.removeIf(t -> t == due); // by identity: equal timers cancel one at a time
      }
    };
  }

  /** How many scheduled actions have neither run nor been cancelled. */
  public int pendingTimers() {
    synchronized (timers) {
      return timers.size();
    }
  }

  private Due nextDue() {
    Instant now = instant();
    synchronized (timers) {
      Due first = timers.stream().min(Comparator.comparing(Due::at)).orElse(null);
      if (first == null || first.at().isAfter(now)) {
        return null;
      }
      timers.removeIf(t -> t == first);
      return first;
    }
  }
}
