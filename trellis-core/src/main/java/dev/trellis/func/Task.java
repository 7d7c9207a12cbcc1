package dev.trellis.func;

import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.Objects;

/**
 * A durable unit of work called from an {@link Entrypoint} (LangGraph's {@code @task}):
 * its result is checkpointed the moment it finishes, so when the workflow re-runs after an
 * interrupt, an error or a crash, the call returns the saved result instead of running
 * again. Calls made without waiting run in parallel. Immutable.
 */
public record Task<A, R>(String name, TaskFunction<A, R> function, List<RetryPolicy> retry, boolean cached,
                         java.time.Duration cacheTtl) {
  public Task {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(function, "function");
    retry = List.copyOf(retry == null ? List.of() : retry);
  }

  public static <A, R> Task<A, R> of(String name, TaskFunction<A, R> function) {
    return new Task<>(name, function, List.of(), false, null);
  }

  /** The same task retried by {@code policies} (the first whose retryOn matches). */
  public Task<A, R> withRetry(RetryPolicy... policies) {
    return new Task<>(name, function, List.of(policies), cached, cacheTtl);
  }

  /**
   * The same task with results cached by argument in the graph's cache
   * ({@code CompileOptions.withCache}), across runs and threads; {@code ttl} null keeps them.
   */
  public Task<A, R> withCache(java.time.Duration ttl) {
    return new Task<>(name, function, retry, true, ttl);
  }
}
