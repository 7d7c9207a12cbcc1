package dev.trellis.server.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Events in this process's memory: enough for one server (the embedded SQLite mode). The
 * events of a run marked {@link #resumable} are kept for {@code keepMillis} after it ends so
 * clients can still join or resume its stream (LangGraph's {@code stream_resumable}); other
 * runs' events go {@link #SHORT_KEEP_MILLIS} after their end, so memory stays flat under load.
 * The events of ended runs are also bounded in bytes ({@code endedBudgetBytes}, by default an
 * eighth of the maximum heap): past it, the runs that ended first are dropped early, those not
 * resumable before those that are (runs with big states publish big {@code values} events).
 */
public final class LocalEventBus implements EventBus {
  /** How long events of a run that is not resumable outlive it (late readers still see its end). */
  public static final long SHORT_KEEP_MILLIS = 5_000;
  private final Map<String, Log> logs = new ConcurrentHashMap<>();
  private final java.util.Set<String> resumable = ConcurrentHashMap.newKeySet();
  /** Runs that ended, oldest first, per keep time: expiry pops from the heads, never scans every log. */
  private final java.util.Deque<Map.Entry<String, Long>> endedShort = new java.util.ArrayDeque<>();
  private final java.util.Deque<Map.Entry<String, Long>> endedLong = new java.util.ArrayDeque<>();
  private final long keepMillis;
  private final java.util.function.LongSupplier clock;
  private final long endedBudget;
  /** The data bytes of the ended runs still kept; guarded by {@link #endedShort}. */
  private long endedBytes;

  public LocalEventBus(long keepMillis) {
    this(keepMillis, System::currentTimeMillis);
  }

  /** {@code clock} (epoch ms) measures how long ended runs are kept. */
  public LocalEventBus(long keepMillis, java.util.function.LongSupplier clock) {
    this(keepMillis, clock, Runtime.getRuntime().maxMemory() / 8);
  }

  /** As {@link #LocalEventBus(long, java.util.function.LongSupplier)}, keeping at most {@code endedBudgetBytes} of ended runs' event data. */
  public LocalEventBus(long keepMillis, java.util.function.LongSupplier clock, long endedBudgetBytes) {
    this.keepMillis = keepMillis;
    this.clock = clock;
    this.endedBudget = endedBudgetBytes;
  }

  private static final class Log {
    /** The length of its serialised events' data (chars: bytes for the ASCII JSON mostly sent), guarded by the log. */
    long bytes;
    /** Events published unserialised (lazy), guarded by the log: each is counted as the longest data seen. */
    int lazy;
    /** The longest serialised data published, guarded by the log. */
    int longest;
    /** Counted in {@code endedBytes}; guarded by {@code endedShort}. */
    boolean ended;
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
    synchronized (log) {
      log.events.add(event);
      int length = event.knownLength();
      if (length < 0) {
        log.lazy++;
      } else {
        log.bytes += length;
        log.longest = Math.max(log.longest, length);
      }
      if (log.waiting > 0 || (log.waitingForEnd > 0 && event.done())) {
        log.notifyAll();
      }
    }
    if (event.done()) {
      expire(runId);
    }
  }

  @Override
  public void resumable(String runId) {
    resumable.add(runId);
  }

  private void expire(String justEnded) {
    long now = clock.getAsLong();
    synchronized (endedShort) {
      (resumable.remove(justEnded) ? endedLong : endedShort).addLast(Map.entry(justEnded, now));
      Log log = logs.get(justEnded);
      if (log != null && !log.ended) {
        log.ended = true;
        endedBytes += bytes(log);
      }
      drop(endedShort, now - SHORT_KEEP_MILLIS);
      drop(endedLong, now - keepMillis);
      drop(endedShort, Long.MAX_VALUE);
      drop(endedLong, Long.MAX_VALUE);
    }
  }

  /** Drops the ended runs at the head of {@code ended} that ended before {@code before}, or (MAX_VALUE) while over budget. */
  private void drop(java.util.Deque<Map.Entry<String, Long>> ended, long before) {
    boolean forBytes = before == Long.MAX_VALUE;
    while (!ended.isEmpty() && (forBytes ? endedBytes > endedBudget : ended.peekFirst().getValue() < before)) {
      Log log = logs.remove(ended.pollFirst().getKey());
      if (log != null && log.ended) {
        endedBytes -= bytes(log);
      }
    }
  }

  private static long bytes(Log log) {
    if (log == null) {
      return 0;
    }
    synchronized (log) {
      // an event nobody read holds the state it would serialise: estimated as the run's longest serialised data
      // (a wait's final values are serialised at the end), never serialised just to be measured
      return log.bytes + (long) log.lazy * log.longest;
    }
  }

  @Override
  public long last(String runId) {
    Log log = logs.get(runId);
    if (log == null) {
      return 0;
    }
    synchronized (log) {
      return log.events.isEmpty() ? 0 : log.events.getLast().seq();
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
        synchronized (log) {
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
              log.wait(wait);
            } finally {
              log.waiting--;
            }
          }
        }
      }

      @Override
      public RunEvent nextDone(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        synchronized (log) {
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
              log.wait(wait);
            } finally {
              log.waitingForEnd--;
            }
          }
        }
      }

      @Override
      public RunEvent poll() {
        synchronized (log) {
          if (pos < 0) {
            pos = 0;
            while (pos < log.events.size() && log.events.get(pos).seq() <= afterSeq) {
              pos++;
            }
          }
          return pos < log.events.size() ? log.events.get(pos++) : null;
        }
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void drop(String runId) {
    synchronized (endedShort) {
      Log log = logs.remove(runId);
      if (log != null && log.ended) {
        endedBytes -= bytes(log);
      }
    }
  }

  /** Nothing: ended runs' events are dropped as later runs end ({@link #publish}). */
  @Override
  public void expire() {}

  @Override
  public void close() {
    logs.clear();
  }
}
