package dev.trellis.agent.middleware;

import dev.trellis.graph.ControlFlow;
import dev.trellis.policy.Attempts;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import dev.trellis.policy.Timer;
import java.util.List;

/**
 * How the retry middleware retry: the engine's own policy chain ({@link Attempts}, the loop
 * that retries graph nodes) with one {@link RetryPolicy}, then a give-up step once attempts run
 * out. Engine control flow ({@link ControlFlow}), thread interrupts and failures the policy does
 * not retry pass through unchanged.
 */
final class Retrying {
  private Retrying() {}

  /** One attempt. */
  @FunctionalInterface
  interface Attempt<T> {
    T run() throws Exception;
  }

  /** What to answer once attempts run out; may rethrow. */
  @FunctionalInterface
  interface GiveUp<T> {
    T after(Exception failure, int attempts) throws Exception;
  }

  static <T> T run(RetryPolicy policy, Sleeper sleeper, Attempt<T> attempt, GiveUp<T> giveUp) throws Exception {
    Attempts attempts = new Attempts("retry", List.of(policy), e -> !(e instanceof ControlFlow), null,
        new Attempts.Timing(Timer.SYSTEM, sleeper, Attempts.Timing.RANDOM));
    try {
      return attempts.run(a -> attempt.run());
    } catch (Exception e) {
      if (e instanceof ControlFlow || e instanceof InterruptedException || Thread.currentThread().isInterrupted()
          || !policy.retryOn().test(e)) {
        throw e; // not retryable: neither retried nor handed to the give-up answer (LangChain's behaviour)
      }
      return giveUp.after(e, attempts.attempt());
    }
  }
}
