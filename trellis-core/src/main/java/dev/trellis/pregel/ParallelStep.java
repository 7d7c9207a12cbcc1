package dev.trellis.pregel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs one step's tasks concurrently without paying a thread hand-off for trivial ones.
 *
 * <p>Design note. The calling thread claims tasks in order from a shared counter and runs
 * them itself. Only when a task blocks or runs long — the {@link StallWatch} sees no new
 * claim for a while — does the step turn eager: a helper virtual thread is started, and
 * from then on whoever claims a task makes sure the next helper is on its way (at most one
 * starting at a time) while unclaimed tasks remain. A step of trivial tasks thus runs on
 * the caller alone, whatever the machine's scheduler does, while every blocked task still
 * ends up with its own thread (tasks may wait on each other). A failure stops the claiming
 * and interrupts the running tasks; cancelling the caller cancels them all.
 */
final class ParallelStep {
  /** Thread-safe, unnamed: naming every task thread costs more than a trivial node. */
  private static final ThreadFactory VIRTUAL = Thread.ofVirtual().name("trellis-task-", 0).factory();

  private final List<StepTask> tasks;
  private final List<Runner.Outcome> outcomes;
  private final Function<StepTask, Runner.Outcome> execute;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicInteger starting = new AtomicInteger();
  private final List<Thread> helpers = new ArrayList<>();
  private final Thread caller = Thread.currentThread();
  private volatile boolean eager;
  private volatile boolean stopped;
  /** No helper may start any more (the caller is joining them). */
  private boolean closed;
  private boolean cancelled;
  /** The claims the stall watch saw at its last look. */
  private int claimsSeen = -1;

  ParallelStep(List<StepTask> tasks, List<Runner.Outcome> outcomes, Function<StepTask, Runner.Outcome> execute) {
    this.tasks = tasks;
    this.outcomes = outcomes;
    this.execute = execute;
  }

  void run() {
    StallWatch.watch(this);
    try {
      work(true);
    } finally {
      StallWatch.unwatch(this);
    }
    joinHelpers();
  }

  /** Called by the stall watch: without a new claim since its last look, the step turns eager. */
  void look() {
    int claims = next.get();
    if (claims >= tasks.size() || stopped) {
      return;
    }
    if (claims == claimsSeen) {
      eager = true;
      ensureHelper();
    }
    claimsSeen = claims;
  }

  private void work(boolean isCaller) {
    while (!stopped) {
      int i = next.getAndIncrement();
      if (i >= tasks.size()) {
        return;
      }
      if (eager) {
        ensureHelper();
      }
      Runner.Outcome o = execute.apply(tasks.get(i));
      synchronized (outcomes) {
        outcomes.add(o);
      }
      if (o.failure() != null) {
        boolean runCancelled = o.failure() instanceof CancellationException && isCaller && !stopped;
        if (!(o.failure() instanceof CancellationException) || runCancelled) {
          stopAll(runCancelled);
        }
      }
    }
  }

  private void ensureHelper() {
    if (next.get() < tasks.size() && !stopped && starting.compareAndSet(0, 1)) {
      Thread t = VIRTUAL.newThread(() -> {
        starting.set(0);
        work(false);
      });
      synchronized (helpers) {
        if (stopped || closed) {
          starting.set(0);
          return;
        }
        helpers.add(t);
      }
      t.start();
    }
  }

  /** A task failed (or the caller was cancelled): claim nothing more and interrupt the running tasks. */
  private void stopAll(boolean runCancelled) {
    synchronized (helpers) {
      if (stopped) {
        return;
      }
      stopped = true;
      cancelled |= runCancelled;
      for (Thread t : helpers) {
        t.interrupt();
      }
    }
    if (Thread.currentThread() != caller) {
      caller.interrupt(); // stops a task the caller is running; cleared in joinHelpers
    }
  }

  private void joinHelpers() {
    boolean interrupted = false;
    for (int i = 0; ; i++) {
      Thread t;
      synchronized (helpers) {
        if (i >= helpers.size()) {
          closed = true;
          break;
        }
        t = helpers.get(i);
      }
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          if (!stopped) {
            interrupted = true; // the run itself is being cancelled
            stopAll(true);
          }
        }
      }
    }
    boolean pending = Thread.interrupted();
    if (cancelled || interrupted || pending && !stopped) {
      Thread.currentThread().interrupt();
      throw new CancellationException("run cancelled");
    }
  }
}
