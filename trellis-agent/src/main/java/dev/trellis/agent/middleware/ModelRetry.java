package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.policy.Sleeper;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Retries a failing model call (LangChain's {@code ModelRetryMiddleware}): up to
 * {@code maxRetries} more attempts, waiting {@code initialDelay} doubled each time (capped at
 * {@code maxDelay}, no jitter) for failures {@code retryOn} accepts. When attempts run out it
 * answers with an AI message describing the error ({@link ExitBehavior#CONTINUE}) or rethrows
 * ({@code ERROR}, the default).
 */
public final class ModelRetry implements AgentMiddleware {
  private final int maxRetries;
  private final Duration initialDelay;
  private final Duration maxDelay;
  private final Predicate<Exception> retryOn;
  private final ExitBehavior onFailure;
  private final Sleeper sleeper;

  public ModelRetry(int maxRetries, Duration initialDelay, Duration maxDelay, Predicate<Exception> retryOn,
      ExitBehavior onFailure, Sleeper sleeper) {
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must be 0 or more, got " + maxRetries);
    }
    if (onFailure == ExitBehavior.END) {
      throw new IllegalArgumentException("a model retry can CONTINUE or ERROR when attempts run out, not END");
    }
    this.maxRetries = maxRetries;
    this.initialDelay = initialDelay;
    this.maxDelay = maxDelay;
    this.retryOn = retryOn;
    this.onFailure = onFailure;
    this.sleeper = sleeper;
  }

  /** {@code maxRetries} retries of any failure, 1 s doubling up to 60 s, rethrowing at the end. */
  public static ModelRetry of(int maxRetries) {
    return new ModelRetry(maxRetries, Duration.ofSeconds(1), Duration.ofSeconds(60), e -> true, ExitBehavior.ERROR,
        Sleeper.SYSTEM);
  }

  public ModelRetry withSleeper(Sleeper s) {
    return new ModelRetry(maxRetries, initialDelay, maxDelay, retryOn, onFailure, s);
  }

  public ModelRetry onFailure(ExitBehavior b) {
    return new ModelRetry(maxRetries, initialDelay, maxDelay, retryOn, b, sleeper);
  }

  public ModelRetry retryOn(Predicate<Exception> p) {
    return new ModelRetry(maxRetries, initialDelay, maxDelay, p, onFailure, sleeper);
  }

  @Override
  public String name() {
    return "ModelRetryMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    Duration delay = initialDelay;
    for (int attempt = 0; ; attempt++) {
      try {
        return next.call(request);
      } catch (Exception e) {
        if (e instanceof InterruptedException || e.getClass().getName().equals("dev.trellis.pregel.GraphInterrupt")) {
          throw e;
        }
        boolean retryable = retryOn.test(e);
        if (!retryable || attempt >= maxRetries) {
          if (onFailure == ExitBehavior.ERROR) {
            throw e;
          }
          return ModelResponse.of(Message.ai("Model call failed after " + (attempt + 1) + " attempt"
              + (attempt == 0 ? "" : "s") + " with " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
        sleeper.sleep(delay);
        delay = delay.multipliedBy(2).compareTo(maxDelay) > 0 ? maxDelay : delay.multipliedBy(2);
      }
    }
  }
}
