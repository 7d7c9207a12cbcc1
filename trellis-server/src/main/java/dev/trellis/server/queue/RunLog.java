package dev.trellis.server.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One run's events as this process knows them ({@link PgEventBus}): those published here, in order, and the readers
 * here waiting for more. All fields are guarded by {@link #lock}; readers wait on {@link #changed}, which a publish
 * here, a notification that the database holds new events, and the run's end signal.
 */
final class RunLog {
  final ReentrantLock lock = new ReentrantLock();
  final Condition changed = lock.newCondition();
  /** The events published in this process, in order. */
  final List<RunEvent> events = new ArrayList<>();
  /** Open subscriptions in this process. */
  int readers;
  /** A publisher in this process: the run executes (or executed) here. */
  boolean local;
  /** Its done marker was published here. */
  boolean ended;
  /** When its done marker was published here (epoch ms). */
  long endedAt;
  /** Every event published here goes to the database too: someone in another process reads them, or the run is resumable. */
  boolean stored;
  /** How many times the database was said to hold new events of the run. */
  long pokes;
  /** When an event was last published here (epoch ms): a log nobody reads or ends is forgotten after a while. */
  long touched;

  /** A log made at {@code now} (epoch ms, by the clock its bus keeps logs by). */
  RunLog(long now) {
    this.touched = now;
  }

  /** Wakes the readers here; the caller holds the lock. */
  void signal() {
    if (readers > 0) {
      changed.signalAll();
    }
  }
}
