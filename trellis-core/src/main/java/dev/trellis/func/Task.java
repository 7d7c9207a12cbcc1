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
public record Task<A, R>(String name, TaskFunction<A, R> function, List<RetryPolicy> retry) {
  public Task {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(function, "function");
    retry = List.copyOf(retry == null ? List.of() : retry);
  }

  public static <A, R> Task<A, R> of(String name, TaskFunction<A, R> function) {
    return new Task<>(name, function, List.of());
  }

  /** The same task retried by {@code policies} (the first whose retryOn matches). */
  public Task<A, R> withRetry(RetryPolicy... policies) {
    return new Task<>(name, function, List.of(policies));
  }
}
