package dev.trellis.agent.middleware;

import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import java.util.concurrent.ThreadLocalRandom;

/** The retry loop the retry middleware share: attempts, waits and give-up by a {@link RetryPolicy}. */
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
    for (int n = 1; ; n++) {
      try {
        return attempt.run();
      } catch (Exception e) {
        if (e instanceof InterruptedException || e.getClass().getName().startsWith("dev.trellis.pregel.")) {
          throw e; // interrupts (human review) and parent commands are control flow, not failures
        }
        if (!policy.retryOn().test(e)) {
          throw e; // not retryable: neither retried nor handed to the give-up answer (LangChain's behaviour)
        }
        if (n >= policy.maxAttempts()) {
          return giveUp.after(e, n);
        }
        sleeper.sleep(policy.delayAfter(n, ThreadLocalRandom.current().nextDouble()));
      }
    }
  }
}
