package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.runtime.Runtime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Durable calls of the functional API, made from inside a running node. Internal: reached
 * through {@code dev.trellis.func}.
 *
 * <p>Each call gets an id derived from the calling task's id, the call's position and the
 * function's name, so a re-run of the node (after an interrupt, an error or a crash) makes
 * the same ids in the same order. A call whose result was saved returns it at once; a new
 * call runs on its own virtual thread (calls made without waiting run in parallel), with
 * its retry policies, and its result is saved as a pending write the moment it finishes.
 * An interrupt inside a call pauses the graph like one in the node; the resume value is
 * delivered to that call when the node runs again.
 */
public final class DurableCalls {
  private static final Object ABSENT = new Object();

  private DurableCalls() {}

  /** What a call runs: its body, given the call's own runtime (for interrupts and the stream). */
  @FunctionalInterface
  public interface Body<R> {
    R run(Runtime runtime) throws Exception;
  }

  /** How a cached call is looked up: by its argument, kept for {@code ttl} (null: until cleared). */
  public record CacheKey(Object arg, Duration ttl) {}

  /**
   * Starts (or replays) call number {@code index} named {@code name} from the node running
   * with {@code rt}; with {@code cache}, a result cached for the same argument is used
   * without running (and is saved for replay like a run result).
   */
  @SuppressWarnings("unchecked")
  public static <R> CompletableFuture<R> call(Runtime rt, String name, int index, List<RetryPolicy> retry,
                                              CacheKey cache, Body<R> body) {
    if (!(rt instanceof TaskRuntime parent)) {
      throw new IllegalStateException("functional-API calls must be made from inside a running entrypoint");
    }
    TaskScope scope = parent.scope;
    String callId = TaskIds.ofString(parent.task.id() + "|call|" + index + "|" + name);
    Object saved = scope.pending().savedReturn(callId, ABSENT);
    if (saved != ABSENT) {
      return CompletableFuture.completedFuture((R) saved);
    }
    var graphCache = scope.program().options.cache();
    String cacheNs = ReservedNames.taskCache(scope.program().name, name);
    if (cache != null && graphCache != null) {
      var hit = graphCache.get(cacheNs, cache.arg());
      if (hit.isPresent()) {
        scope.pending().recordCall(callId, List.of(), hit.get(), true);
        return CompletableFuture.completedFuture((R) hit.get());
      }
    }
    CompletableFuture<R> result = new CompletableFuture<>();
    StepTask call = new StepTask(callId, parent.task.node, -1, parent.task.input, new int[0], scope.namespace(), false);
    Thread.ofVirtual().name("trellis-call-" + name).start(() -> run(scope, call, retry, body, result));
    if (cache != null && graphCache != null) {
      return result.thenApply(v -> {
        graphCache.set(cacheNs, cache.arg(), v, cache.ttl());
        return v;
      });
    }
    return result;
  }

  private static <R> void run(TaskScope scope, StepTask call, List<RetryPolicy> retry, Body<R> body, CompletableFuture<R> result) {
    int attempt = 0;
    while (true) {
      attempt++;
      call.writes.clear();
      TaskRuntime rt = new TaskRuntime(scope, call, attempt);
      try {
        R value = body.run(rt);
        scope.pending().recordCall(call.id(), List.of(), value, true);
        result.complete(value);
        return;
      } catch (GraphInterrupt gi) {
        List<Write> writes = new ArrayList<>();
        writes.add(new Write(Write.INTERRUPT, gi.interrupts()));
        for (Write w : call.writes) {
          if (w.slot() == Write.RESUME) {
            writes.add(w);
          }
        }
        scope.pending().recordCall(call.id(), writes, null, false);
        result.completeExceptionally(gi);
        return;
      } catch (Throwable e) {
        Duration delay = Runner.retryDelay(retry, attempt, e);
        if (delay != null && !Thread.currentThread().isInterrupted()) {
          try {
            scope.program().options.sleeper().sleep(delay);
            continue;
          } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(ie);
            return;
          }
        }
        result.completeExceptionally(Runner.wrap(call, attempt, e));
        return;
      }
    }
  }
}
