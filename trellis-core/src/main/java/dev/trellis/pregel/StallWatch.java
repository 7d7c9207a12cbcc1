package dev.trellis.pregel;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * One daemon thread that looks at the running parallel steps every {@link #PERIOD_NANOS}
 * and tells each (via {@link ParallelStep#look}) so it can bring in helper threads when
 * its tasks stopped moving. It parks for good after a while with nothing to watch, and is
 * woken by the next step, so an idle JVM pays nothing and a busy one no wake-up per step.
 */
final class StallWatch {
  /** How long a task may hold the caller before helpers come (between one and two periods). */
  static final long PERIOD_NANOS = 200_000;
  /** Idle looks before the thread parks until woken. */
  private static final int IDLE_LOOKS = 5_000;

  private static final Set<ParallelStep> STEPS = ConcurrentHashMap.newKeySet();
  private static final Thread THREAD;
  private static volatile boolean parked;

  static {
    THREAD = Thread.ofPlatform().daemon().name("trellis-stall-watch").unstarted(StallWatch::loop);
    THREAD.start();
  }

  private StallWatch() {}

  static void watch(ParallelStep step) {
    STEPS.add(step);
    if (parked) {
      parked = false;
      LockSupport.unpark(THREAD);
    }
  }

  static void unwatch(ParallelStep step) {
    STEPS.remove(step);
  }

  private static void loop() {
    int idle = 0;
    while (true) {
      if (idle >= IDLE_LOOKS) {
        parked = true;
        if (STEPS.isEmpty()) {
          LockSupport.park();
        }
        parked = false;
        idle = 0;
      }
      LockSupport.parkNanos(PERIOD_NANOS);
      if (STEPS.isEmpty()) {
        idle++;
        continue;
      }
      idle = 0;
      for (ParallelStep s : STEPS) {
        try {
          s.look();
        } catch (RuntimeException | OutOfMemoryError e) {
          // a step that cannot start a helper now is looked at again next period
        }
      }
    }
  }
}
