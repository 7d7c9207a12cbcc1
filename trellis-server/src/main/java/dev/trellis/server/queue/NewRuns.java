package dev.trellis.server.queue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes the readers waiting for a thread's next run (its open thread streams) when a run is
 * created on it, in this process or — through PostgreSQL's notification — in another, so an
 * idle stream neither polls the database often nor sees a new run late. Only threads with a
 * watcher take memory.
 */
public final class NewRuns {
  private final Map<String, Watch> watched = new ConcurrentHashMap<>();

  /** One thread's watchers and how many runs were announced on it while watched. */
  private static final class Watch {
    int watchers;
    long version;
  }

  /** A watcher of one thread; close it when the stream ends. */
  public final class Ticket implements AutoCloseable {
    private final String threadId;
    private final Watch watch;

    private Ticket(String threadId, Watch watch) {
      this.threadId = threadId;
      this.watch = watch;
    }

    /** How many runs were announced so far: read it before looking for the next run, then {@link #await} it. */
    public long version() {
      synchronized (watch) {
        return watch.version;
      }
    }

    /** Waits until a run is announced after {@code version} or {@code millis} pass. */
    public void await(long version, long millis) throws InterruptedException {
      long deadline = System.currentTimeMillis() + millis;
      synchronized (watch) {
        for (long left = millis; watch.version == version && left > 0; left = deadline - System.currentTimeMillis()) {
          watch.wait(left);
        }
      }
    }

    @Override
    public void close() {
      watched.computeIfPresent(threadId, (k, w) -> {
        synchronized (w) {
          return --w.watchers == 0 ? null : w;
        }
      });
    }
  }

  /** Starts watching {@code threadId}. */
  public Ticket watch(String threadId) {
    Watch w = watched.compute(threadId, (k, old) -> {
      Watch n = old == null ? new Watch() : old;
      synchronized (n) {
        n.watchers++;
      }
      return n;
    });
    return new Ticket(threadId, w);
  }

  /** A run was created on {@code threadId}: wake its watchers. */
  public void announce(String threadId) {
    Watch w = watched.get(threadId);
    if (w != null) {
      synchronized (w) {
        w.version++;
        w.notifyAll();
      }
    }
  }
}
