package dev.trellis.func;

import dev.trellis.pregel.DurableCalls;
import dev.trellis.runtime.Runtime;

/**
 * What a running workflow can do: call durable tasks (numbered in call order, which must
 * not depend on clocks or randomness), read what the previous run on the thread saved, and
 * pause for a human. One per run attempt; not thread-safe across workflows.
 */
public final class WorkflowContext {
  private final Runtime runtime;
  private final Object previous;
  private int calls;

  WorkflowContext(Runtime runtime, Object previous) {
    this.runtime = runtime;
    this.previous = previous;
  }

  /** Starts {@code task} with {@code arg} (or replays its saved result); waits only when you call {@code get()}. */
  public synchronized <A, R> TaskFuture<R> call(Task<A, R> task, A arg) {
    int index = calls++;
    DurableCalls.CacheKey key = task.cached() ? new DurableCalls.CacheKey(arg, task.cacheTtl()) : null;
    return new TaskFuture<>(DurableCalls.call(runtime, task.name(), index, task.retry(), key,
        rt -> task.function().apply(arg, rt)));
  }

  /** What the previous run on this thread saved (its output, or {@code Final.save}); null on the first run. */
  @SuppressWarnings("unchecked")
  public <P> P previous() {
    return (P) previous;
  }

  /** Pauses the workflow; returns the resume value when resumed (the body re-runs to this point). */
  public <T> T interrupt(Object value) {
    return runtime.interrupt(value);
  }

  /** The workflow node's runtime: context, store, custom stream. */
  public Runtime runtime() {
    return runtime;
  }
}
