package dev.trellis.policy;

import dev.trellis.error.NodeTimeoutException;
import java.time.Duration;

/**
 * Enforces one attempt's {@link TimeoutPolicy}: when the run limit passes, or the idle
 * limit passes without {@link #progress()}, it records why and interrupts the node's
 * thread. {@link #stop()} must be called when the attempt ends. Used by {@link Attempts}.
 */
final class Watchdog {
  private final String node;
  private final TimeoutPolicy policy;
  private final Timer timer;
  private final Thread thread;
  private Runnable cancelRun;
  private Runnable cancelIdle;
  private NodeTimeoutException fired;
  private boolean stopped;

  Watchdog(String node, TimeoutPolicy policy, Timer timer, Thread thread) {
    this.node = node;
    this.policy = policy;
    this.timer = timer;
    this.thread = thread;
  }

  synchronized void start() {
    if (policy.run() != null) {
      cancelRun = timer.schedule(policy.run(), () -> fire("run", policy.run()));
    }
    if (policy.idle() != null) {
      cancelIdle = timer.schedule(policy.idle(), () -> fire("idle", policy.idle()));
    }
  }

  /** Restarts the idle limit. */
  synchronized void progress() {
    if (policy.idle() != null && !stopped && fired == null) {
      cancelIdle.run();
      cancelIdle = timer.schedule(policy.idle(), () -> fire("idle", policy.idle()));
    }
  }

  private synchronized void fire(String which, Duration limit) {
    if (!stopped && fired == null) {
      fired = new NodeTimeoutException(node, which, limit);
      thread.interrupt();
    }
  }

  /** Ends the watch; returns the timeout that fired, or null. Clears an interrupt the watchdog caused. */
  synchronized NodeTimeoutException stop() {
    stopped = true;
    if (cancelRun != null) {
      cancelRun.run();
    }
    if (cancelIdle != null) {
      cancelIdle.run();
    }
    if (fired != null) {
      Thread.interrupted();
    }
    return fired;
  }
}
