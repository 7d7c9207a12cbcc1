package dev.trellis.policy;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Runs an action after a delay; injected so tests fire timeouts by hand instead of sleeping. */
@FunctionalInterface
public interface Timer {
  /** Schedules {@code action}; the returned handle cancels it. */
  Runnable schedule(Duration delay, Runnable action);

  /** The real clock: one daemon scheduler thread shared by all graphs. */
  Timer SYSTEM = new Timer() {
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "trellis-timer");
      t.setDaemon(true);
      return t;
    });

    @Override
    public Runnable schedule(Duration delay, Runnable action) {
      ScheduledFuture<?> f = scheduler.schedule(action, delay.toNanos(), TimeUnit.NANOSECONDS);
      return () -> f.cancel(false);
    }
  };
}
