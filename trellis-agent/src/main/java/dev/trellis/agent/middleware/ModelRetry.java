package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import java.time.Duration;
import java.util.Objects;

/**
 * Retries a failing model call (LangChain's {@code ModelRetryMiddleware}) by a
 * {@link RetryPolicy}: attempts, backoff and which failures to retry. When attempts run out it
 * answers with an AI message describing the error ({@link ExitBehavior#CONTINUE}, the default, as
 * in LangChain) or rethrows ({@code ERROR}). A failure the policy does not retry is rethrown at
 * once. Waits go through an injected {@link Sleeper}.
 */
public final class ModelRetry implements AgentMiddleware {
  private final RetryPolicy policy;
  private final ExitBehavior onFailure;
  private final Sleeper sleeper;

  public ModelRetry(RetryPolicy policy, ExitBehavior onFailure, Sleeper sleeper) {
    if (onFailure == ExitBehavior.END) {
      throw new IllegalArgumentException("a model retry can CONTINUE or ERROR when attempts run out, not END");
    }
    this.policy = Objects.requireNonNull(policy, "policy");
    this.onFailure = Objects.requireNonNull(onFailure, "onFailure");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  /**
   * LangChain's defaults: {@code maxRetries} retries of any failure, 1 s doubling up to 60 s with
   * jitter, then an AI message describing the error.
   */
  public static ModelRetry of(int maxRetries) {
    return new ModelRetry(new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(60), maxRetries + 1, true,
        e -> true), ExitBehavior.CONTINUE, Sleeper.SYSTEM);
  }

  public RetryPolicy policy() {
    return policy;
  }

  public ModelRetry withPolicy(RetryPolicy p) {
    return new ModelRetry(p, onFailure, sleeper);
  }

  public ModelRetry withSleeper(Sleeper s) {
    return new ModelRetry(policy, onFailure, s);
  }

  public ModelRetry onFailure(ExitBehavior b) {
    return new ModelRetry(policy, b, sleeper);
  }

  @Override
  public String name() {
    return "ModelRetryMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    return Retrying.run(policy, sleeper, () -> next.call(request), (e, attempts) -> {
      if (onFailure == ExitBehavior.ERROR) {
        throw e;
      }
      return ModelResponse.of(Message.ai("Model call failed after " + attempts + " attempt" + (attempts == 1 ? "" : "s")
          + " with " + e.getClass().getSimpleName() + ": " + e.getMessage()));
    });
  }
}
