package dev.trellis.server.api;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The keep-alive newlines of a {@code /runs/wait} response whose run executes on the request's own thread: while that
 * thread is busy with the run, a newline is written every interval from another thread (as the waiting request writes
 * them itself when the run executes elsewhere). A write that fails means the client left: the beats stop and
 * {@code onLeft} runs once. {@link #stop} ends the beats before the request writes the result, waiting for a beat being
 * written, so the two never write at once.
 */
final class WaitKeepAlive {
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private final OutputStream out;
  private final Runnable onLeft;
  private final ReentrantLock lock = new ReentrantLock();
  private final AtomicBoolean left = new AtomicBoolean();
  private boolean stopped;
  private volatile ScheduledFuture<?> beats;

  private WaitKeepAlive(OutputStream out, Runnable onLeft) {
    this.out = out;
    this.onLeft = onLeft;
  }

  /** Writes a newline to {@code out} every {@code everyMillis} until {@link #stop}; {@code onLeft} if a write fails. */
  static WaitKeepAlive start(OutputStream out, long everyMillis, Runnable onLeft) {
    WaitKeepAlive k = new WaitKeepAlive(out, onLeft);
    k.beats = TIMER.scheduleAtFixedRate(() -> Thread.ofVirtual().name("trellis-wait-keepalive").start(k::beat),
        everyMillis, everyMillis, TimeUnit.MILLISECONDS);
    return k;
  }

  private void beat() {
    if (!lock.tryLock()) {
      return; // the previous beat is still writing, or the request is stopping the beats
    }
    try {
      if (stopped || left.get()) {
        return;
      }
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      if (left.compareAndSet(false, true)) {
        cancelBeats();
        lock.unlock();
        onLeft.run();
        return;
      }
    } finally {
      if (lock.isHeldByCurrentThread()) {
        lock.unlock();
      }
    }
  }

  /** Ends the beats (waiting for one being written); false if the client left meanwhile. */
  boolean stop() {
    cancelBeats();
    lock.lock();
    try {
      stopped = true;
    } finally {
      lock.unlock();
    }
    return !left.get();
  }

  private void cancelBeats() {
    ScheduledFuture<?> b = beats;
    if (b != null) {
      b.cancel(false);
    }
  }

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1,
        Thread.ofPlatform().daemon().name("trellis-wait-keepalive-timer").factory());
    t.setRemoveOnCancelPolicy(true);
    return t;
  }
}
