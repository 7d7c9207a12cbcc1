package dev.trellis.server.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Events in this process's memory: enough for one server (the embedded SQLite mode). The
 * events of a run marked {@link #resumable} are kept for {@code keepMillis} after it ends so
 * clients can still join or resume its stream (LangGraph's {@code stream_resumable}); other
 * runs' events go {@link #SHORT_KEEP_MILLIS} after their end, so memory stays flat under load, and
 * sooner under heavy load: of those, only the {@link #SHORT_KEPT} that ended last are kept (at
 * 800 runs a second, five seconds of ended runs held 4,000 runs' events, which every young
 * collection copied: W9's collector pauses doubled, and its p99 with them).
 * The events of ended runs are also bounded in bytes ({@code endedBudgetBytes}, by default an
 * eighth of the maximum heap): past it, the runs that ended first are dropped early, those not
 * resumable before those that are (runs with big states publish big {@code values} events).
 */
public final class LocalEventBus implements EventBus {
  /** How long events of a run that is not resumable outlive it (late readers still see its end). */
  public static final long SHORT_KEEP_MILLIS = 5_000;
  /** How many ended runs that are not resumable are kept at most (those that ended last). */
  public static final int SHORT_KEPT = 500;
  private final Map<String, Log> logs = new ConcurrentHashMap<>();
  private final java.util.Set<String> resumable = ConcurrentHashMap.newKeySet();
  /**
   * Runs that ended, oldest first, per keep time: expiry pops from the heads, never scans every log. Runs end on many
   * threads at once: they append without a lock, and whichever holds {@link #sweeping} drops what is due (a run that
   * finds it taken leaves the sweep to its holder or the next run to end).
   */
  private final java.util.Queue<Map.Entry<String, Long>> endedShort = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final java.util.Queue<Map.Entry<String, Long>> endedLong = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final java.util.concurrent.locks.ReentrantLock sweeping = new java.util.concurrent.locks.ReentrantLock();
  private final long keepMillis;
  private final java.util.function.LongSupplier clock;
  private final long endedBudget;
  private final int shortKept;
  /** The length of {@link #endedShort} (a concurrent queue counts by walking). */
  private final java.util.concurrent.atomic.AtomicInteger endedShortCount = new java.util.concurrent.atomic.AtomicInteger();
  /** The data bytes of the ended runs still kept. */
  private final java.util.concurrent.atomic.AtomicLong endedBytes = new java.util.concurrent.atomic.AtomicLong();

  public LocalEventBus(long keepMillis) {
    this(keepMillis, System::currentTimeMillis);
  }

  /** {@code clock} (epoch ms) measures how long ended runs are kept. */
  public LocalEventBus(long keepMillis, java.util.function.LongSupplier clock) {
    this(keepMillis, clock, Runtime.getRuntime().maxMemory() / 8);
  }

  /** As {@link #LocalEventBus(long, java.util.function.LongSupplier)}, keeping at most {@code endedBudgetBytes} of ended runs' event data. */
  public LocalEventBus(long keepMillis, java.util.function.LongSupplier clock, long endedBudgetBytes) {
    this(keepMillis, clock, endedBudgetBytes, SHORT_KEPT);
  }

  /** As {@link #LocalEventBus(long, java.util.function.LongSupplier, long)}, keeping at most {@code shortKept} ended runs that are not resumable. */
  public LocalEventBus(long keepMillis, java.util.function.LongSupplier clock, long endedBudgetBytes, int shortKept) {
    this.keepMillis = keepMillis;
    this.clock = clock;
    this.endedBudget = endedBudgetBytes;
    this.shortKept = shortKept;
  }

  /**
   * One run's events. Guarded by its {@link #lock} (a {@code java.util.concurrent} lock, not a monitor: waiting and
   * waking readers, which are virtual threads, is then a park and an unpark, with no monitor inflation).
   */
  private static final class Log {
    final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
    final java.util.concurrent.locks.Condition changed = lock.newCondition();
    /** The length of its serialised events' data (chars: bytes for the ASCII JSON mostly sent), guarded by the log. */
    long bytes;
    /** Events published unserialised (lazy), guarded by the log: each is counted as the longest data seen. */
    int lazy;
    /** The longest serialised data published, guarded by the log. */
    int longest;
    /** Counted in {@code endedBytes}; guarded by the log. */
    boolean ended;
    /** Gone from {@code logs}: never counted again; guarded by the log. */
    boolean removed;
    final List<RunEvent> events = new ArrayList<>();
    /** Readers waiting for the next event: a publish wakes them only when there are any. */
    int waiting;
    /** Readers waiting for the done marker only: woken by it alone. */
    int waitingForEnd;
  }

  private Log log(String runId) {
    return logs.computeIfAbsent(runId, k -> new Log());
  }

  @Override
  public void publish(String runId, RunEvent event) {
    Log log = log(runId);
    long endedNow = 0;
    log.lock.lock();
    try {
      log.events.add(event);
      int length = event.knownLength();
      if (length < 0) {
        log.lazy++;
      } else {
        log.bytes += length;
        log.longest = Math.max(log.longest, length);
      }
      if (event.done() && !log.ended && !log.removed) {
        log.ended = true;
        endedNow = bytes(log);
      }
      if (log.waiting > 0 || (log.waitingForEnd > 0 && event.done())) {
        log.changed.signalAll();
      }
    } finally {
      log.lock.unlock();
    }
    if (event.done()) {
      expire(runId, endedNow);
    }
  }

  @Override
  public void resumable(String runId) {
    resumable.add(runId);
  }

  /** Files a run that just ended (its {@code bytes} now counted) for expiry, and drops what is due if no one else is. */
  private void expire(String justEnded, long bytes) {
    long now = clock.getAsLong();
    endedBytes.addAndGet(bytes);
    if (resumable.remove(justEnded)) {
      endedLong.add(Map.entry(justEnded, now));
    } else {
      endedShort.add(Map.entry(justEnded, now));
      endedShortCount.incrementAndGet();
    }
    if (!sweeping.tryLock()) {
      return;
    }
    try {
      drop(endedShort, now - SHORT_KEEP_MILLIS);
      while (endedShortCount.get() > shortKept && dropHead(endedShort)) {
        // the oldest past the count kept
      }
      drop(endedLong, now - keepMillis);
      drop(endedShort, Long.MAX_VALUE);
      drop(endedLong, Long.MAX_VALUE);
    } finally {
      sweeping.unlock();
    }
  }

  /** Drops the ended runs at the head of {@code ended} that ended before {@code before}, or (MAX_VALUE) while over budget. */
  private void drop(java.util.Queue<Map.Entry<String, Long>> ended, long before) {
    boolean forBytes = before == Long.MAX_VALUE;
    for (Map.Entry<String, Long> head = ended.peek(); head != null
        && (forBytes ? endedBytes.get() > endedBudget : head.getValue() < before); head = ended.peek()) {
      dropHead(ended);
    }
  }

  /** Forgets the run at the head of {@code ended}; false when it is empty. The caller holds {@link #sweeping}. */
  private boolean dropHead(java.util.Queue<Map.Entry<String, Long>> ended) {
    Map.Entry<String, Long> head = ended.poll();
    if (head == null) {
      return false;
    }
    if (ended == endedShort) {
      endedShortCount.decrementAndGet();
    }
    forget(head.getKey());
    return true;
  }

  /** Removes a run's log, taking its bytes off the ended runs' count if they were on it. */
  private void forget(String runId) {
    Log log = logs.remove(runId);
    if (log == null) {
      return;
    }
    long sub = 0;
    log.lock.lock();
    try {
      log.removed = true;
      if (log.ended) {
        sub = bytes(log);
      }
    } finally {
      log.lock.unlock();
    }
    endedBytes.addAndGet(-sub);
  }

  /** The log's data bytes; the caller holds the log. */
  private static long bytes(Log log) {
    // an event nobody read holds the state it would serialise: estimated as the run's longest serialised data
    // (a wait's final values are serialised at the end), never serialised just to be measured
    return log.bytes + (long) log.lazy * log.longest;
  }

  @Override
  public long last(String runId) {
    Log log = logs.get(runId);
    if (log == null) {
      return 0;
    }
    log.lock.lock();
    try {
      return log.events.isEmpty() ? 0 : log.events.getLast().seq();
    } finally {
      log.lock.unlock();
    }
  }

  @Override
  public Subscription subscribe(String runId, long afterSeq) {
    Log log = log(runId);
    return new Subscription() {
      int pos = -1;

      @Override
      public RunEvent next(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        log.lock.lock();
        try {
          while (true) {
            RunEvent e = poll();
            if (e != null) {
              return e;
            }
            long wait = deadline - System.currentTimeMillis();
            if (wait <= 0) {
              return null;
            }
            log.waiting++;
            try {
              log.changed.await(wait, java.util.concurrent.TimeUnit.MILLISECONDS);
            } finally {
              log.waiting--;
            }
          }
        } finally {
          log.lock.unlock();
        }
      }

      @Override
      public RunEvent nextDone(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        log.lock.lock();
        try {
          while (true) {
            for (RunEvent e = poll(); e != null; e = poll()) {
              if (e.done()) {
                return e;
              }
            }
            long wait = deadline - System.currentTimeMillis();
            if (wait <= 0) {
              return null;
            }
            log.waitingForEnd++;
            try {
              log.changed.await(wait, java.util.concurrent.TimeUnit.MILLISECONDS);
            } finally {
              log.waitingForEnd--;
            }
          }
        } finally {
          log.lock.unlock();
        }
      }

      @Override
      public RunEvent poll() {
        log.lock.lock();
        try {
          if (pos < 0) {
            pos = 0;
            while (pos < log.events.size() && log.events.get(pos).seq() <= afterSeq) {
              pos++;
            }
          }
          return pos < log.events.size() ? log.events.get(pos++) : null;
        } finally {
          log.lock.unlock();
        }
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void drop(String runId) {
    forget(runId);
  }

  /** Nothing: ended runs' events are dropped as later runs end ({@link #publish}). */
  @Override
  public void expire() {}

  @Override
  public void close() {
    logs.clear();
  }
}
