package dev.trellis.diagnostics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where a run waits: named intervals (and counts) summed over the whole process, for benchmark probes. Off unless the
 * JVM runs with {@code -Dtrellis.waits=true}; every method first tests {@link #ON}, a constant, so when off the JIT
 * removes the calls and they cost nothing. Not for production use: the names are diagnostics, not an API.
 */
public final class Waits {
  /** Whether intervals are recorded ({@code -Dtrellis.waits=true}). */
  public static final boolean ON = Boolean.getBoolean("trellis.waits");

  private record Sum(LongAdder total, LongAdder count) {
    Sum() {
      this(new LongAdder(), new LongAdder());
    }
  }

  private static final Map<String, Sum> SUMS = new ConcurrentHashMap<>();
  /** Stamps handed from one thread to another (a run's creation to its start), by key. */
  private static final Map<String, Long> STAMPS = new ConcurrentHashMap<>();

  /** What the current thread's next transaction is for (names its group-commit intervals). */
  private static final ThreadLocal<String> LABEL = ThreadLocal.withInitial(() -> "other");

  private Waits() {}

  /** Names what this thread's transactions are for until the next call. */
  public static void label(String label) {
    if (ON) {
      LABEL.set(label);
    }
  }

  /** What this thread's transactions are for ({@code other} unless labelled). */
  public static String label() {
    return ON ? LABEL.get() : "";
  }

  /** Now in nanoseconds when on; 0 when off. */
  public static long now() {
    return ON ? System.nanoTime() : 0;
  }

  /** Adds the time since {@code since} ({@link #now}) to {@code name}. */
  public static void since(String name, long since) {
    if (ON) {
      add(name, System.nanoTime() - since);
    }
  }

  /** Adds {@code value} (nanoseconds, or a count) to {@code name}. */
  public static void add(String name, long value) {
    if (ON) {
      Sum s = SUMS.computeIfAbsent(name, k -> new Sum());
      s.total.add(value);
      s.count.increment();
    }
  }

  /** Stamps now under {@code key}, for {@link #sinceStamp} on another thread. */
  public static void stamp(String key) {
    if (ON) {
      STAMPS.put(key, System.nanoTime());
    }
  }

  /** Adds the time since {@code key}'s stamp to {@code name} and forgets the stamp (nothing when there was none). */
  public static void sinceStamp(String name, String key) {
    if (ON) {
      Long t = STAMPS.remove(key);
      if (t != null) {
        add(name, System.nanoTime() - t);
      }
    }
  }

  /** Forgets every sum (after a warm-up). */
  public static void reset() {
    SUMS.clear();
    STAMPS.clear();
  }

  /**
   * One line per name: occurrences per unit ({@code units}: runs), then the mean and the total per unit, in
   * milliseconds (names ending in {@code (count)} sum counts, not nanoseconds: their mean and total are counts).
   */
  public static String report(long units) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Sum> e : new TreeMap<>(SUMS).entrySet()) {
      long n = e.getValue().count.sum();
      long total = e.getValue().total.sum();
      double scale = e.getKey().endsWith("(count)") ? 1 : 1e6;
      out.append(String.format(java.util.Locale.ROOT, "  %-34s %8.3f per unit, mean %9.4f, per unit %8.4f%n", e.getKey(),
          (double) n / units, n == 0 ? 0 : total / scale / n, total / scale / units));
    }
    return out.toString();
  }
}
