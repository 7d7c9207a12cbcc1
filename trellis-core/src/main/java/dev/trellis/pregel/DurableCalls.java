package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.policy.Attempts;
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
    Attempts.CacheEntry entry = cache == null || graphCache == null ? null
        : new Attempts.CacheEntry(graphCache, ReservedNames.taskCache(scope.program().name, name), cache.arg(), cache.ttl());
    CompletableFuture<R> result = new CompletableFuture<>();
    StepTask call = new StepTask(callId, parent.task.node, -1, parent.task.input, new int[0], scope.namespace(), false);
    Attempts chain = new Attempts(name, retry, Runner::retryable, null, scope.timing());
    Thread.ofVirtual().name("trellis-call-" + name).start(() -> run(scope, call, chain, entry, body, result));
    return result;
  }

  /** The call through its policy chain (cache → retry → body); its outcome is saved under the call's id. */
  private static <R> void run(TaskScope scope, StepTask call, Attempts chain, Attempts.CacheEntry entry, Body<R> body,
                              CompletableFuture<R> result) {
    try {
      R value = chain.runCached(entry, attempt -> {
        call.writes.clear();
        return body.run(new TaskRuntime(scope, call, attempt));
      });
      scope.pending().recordCall(call.id(), List.of(), value, true);
      result.complete(value);
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
    } catch (InterruptedException ie) {
      result.completeExceptionally(ie);
    } catch (Throwable e) {
      result.completeExceptionally(Runner.wrap(call, chain.attempt(), e));
    }
  }
}
