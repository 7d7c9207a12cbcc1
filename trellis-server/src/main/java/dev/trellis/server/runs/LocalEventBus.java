package dev.trellis.server.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Events in this process's memory: enough for one server (the embedded SQLite mode). A
 * run's events are kept for {@code keepMillis} after it ends so clients can still join or
 * resume its stream.
 */
public final class LocalEventBus implements EventBus {
  private final Map<String, Log> logs = new ConcurrentHashMap<>();
  /** Runs that ended, oldest first: expiry pops from the head, never scans every log. */
  private final java.util.Deque<Map.Entry<String, Long>> ended = new java.util.ArrayDeque<>();
  private final long keepMillis;

  public LocalEventBus(long keepMillis) {
    this.keepMillis = keepMillis;
  }

  private static final class Log {
    final List<RunEvent> events = new ArrayList<>();
  }

  private Log log(String runId) {
    return logs.computeIfAbsent(runId, k -> new Log());
  }

  @Override
  public void publish(String runId, RunEvent event) {
    Log log = log(runId);
    synchronized (log) {
      log.events.add(event);
      log.notifyAll();
    }
    if (event.done()) {
      expire(runId);
    }
  }

  private void expire(String justEnded) {
    long now = System.currentTimeMillis();
    synchronized (ended) {
      ended.addLast(Map.entry(justEnded, now));
      while (!ended.isEmpty() && now - ended.peekFirst().getValue() > keepMillis) {
        logs.remove(ended.pollFirst().getKey());
      }
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
            if (pos < 0) {
              pos = 0;
              while (pos < log.events.size() && log.events.get(pos).seq() <= afterSeq) {
                pos++;
              }
            }
            if (pos < log.events.size()) {
              return log.events.get(pos++);
            }
            long wait = deadline - System.currentTimeMillis();
            if (wait <= 0) {
              return null;
            }
            log.wait(wait);
          }
        }
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void drop(String runId) {
    logs.remove(runId);
  }

  @Override
  public void close() {
    logs.clear();
  }
}
