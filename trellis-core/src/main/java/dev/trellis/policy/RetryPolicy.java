package dev.trellis.policy;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * When and how often a failing node is retried. Defaults match LangGraph: 0.5 s initial
 * interval, ×2 backoff, 128 s max interval, 3 attempts, jitter, and retry on any exception
 * except programming errors ({@link IllegalArgumentException}, {@link IllegalStateException},
 * {@link NullPointerException}, {@link ClassCastException}, {@link UnsupportedOperationException},
 * {@link ArithmeticException}, {@link IndexOutOfBoundsException}). Graph control signals
 * (interrupts, parent commands) are never retried.
 */
public record RetryPolicy(
    Duration initialInterval,
    double backoffFactor,
    Duration maxInterval,
    int maxAttempts,
    boolean jitter,
    Predicate<Throwable> retryOn) {

  /** The default {@code retryOn}: anything but the programming errors listed above. */
  public static final Predicate<Throwable> DEFAULT_RETRY_ON = t -> !(t instanceof IllegalArgumentException
      || t instanceof IllegalStateException || t instanceof NullPointerException || t instanceof ClassCastException
      || t instanceof UnsupportedOperationException || t instanceof ArithmeticException
      || t instanceof IndexOutOfBoundsException || t instanceof Error
      || t instanceof dev.trellis.error.NodeTimeoutException);

  public RetryPolicy {
    Objects.requireNonNull(initialInterval, "initialInterval");
    Objects.requireNonNull(maxInterval, "maxInterval");
    Objects.requireNonNull(retryOn, "retryOn");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
    }
    if (backoffFactor < 1) {
      throw new IllegalArgumentException("backoffFactor must be at least 1, got " + backoffFactor);
    }
  }

  /** LangGraph's defaults. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(Duration.ofMillis(500), 2.0, Duration.ofSeconds(128), 3, true, DEFAULT_RETRY_ON);
  }

  /** The defaults with {@code n} attempts. */
  public static RetryPolicy maxAttempts(int n) {
    return defaults().withMaxAttempts(n);
  }

  public RetryPolicy withMaxAttempts(int n) {
    return new RetryPolicy(initialInterval, backoffFactor, maxInterval, n, jitter, retryOn);
  }

  public RetryPolicy withInitialInterval(Duration d) {
    return new RetryPolicy(d, backoffFactor, maxInterval, maxAttempts, jitter, retryOn);
  }

  public RetryPolicy withBackoffFactor(double f) {
    return new RetryPolicy(initialInterval, f, maxInterval, maxAttempts, jitter, retryOn);
  }

  public RetryPolicy withMaxInterval(Duration d) {
    return new RetryPolicy(initialInterval, backoffFactor, d, maxAttempts, jitter, retryOn);
  }

  public RetryPolicy withJitter(boolean j) {
    return new RetryPolicy(initialInterval, backoffFactor, maxInterval, maxAttempts, j, retryOn);
  }

  public RetryPolicy withRetryOn(Predicate<Throwable> p) {
    return new RetryPolicy(initialInterval, backoffFactor, maxInterval, maxAttempts, jitter, p);
  }

  /** Retry only on exceptions of the given classes (and their subclasses). */
  @SafeVarargs
  public final RetryPolicy withRetryOn(Class<? extends Throwable>... types) {
    return withRetryOn(t -> {
      for (Class<? extends Throwable> c : types) {
        if (c.isInstance(t)) {
          return true;
        }
      }
      return false;
    });
  }

  /**
   * The wait before attempt {@code attempt + 1} after {@code attempt} failures (1-based):
   * {@code min(max, initial × factor^(attempt-1))}, plus up to 1 s of jitter when enabled.
   */
  public Duration delayAfter(int attempt, double random01) {
    double nanos = initialInterval.toNanos() * Math.pow(backoffFactor, attempt - 1);
    long capped = (long) Math.min(nanos, (double) maxInterval.toNanos());
    if (jitter) {
      capped += (long) (random01 * 1_000_000_000L);
    }
    return Duration.ofNanos(capped);
  }
}
