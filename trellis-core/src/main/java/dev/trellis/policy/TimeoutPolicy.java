package dev.trellis.policy;

import java.time.Duration;

/**
 * Limits on one attempt of a node: {@code run} bounds the whole attempt; {@code idle}
 * bounds the time between signs of progress ({@code Runtime.heartbeat()} or custom stream
 * writes). Either may be null. A node past a limit is interrupted and fails with
 * {@code NodeTimeoutException}, which retry policies see like any failure (not retried by
 * default, as in LangGraph).
 */
public record TimeoutPolicy(Duration run, Duration idle) {
  public TimeoutPolicy {
    if (run == null && idle == null) {
      throw new IllegalArgumentException("a timeout policy needs a run or an idle timeout");
    }
    if (run != null && (run.isNegative() || run.isZero()) || idle != null && (idle.isNegative() || idle.isZero())) {
      throw new IllegalArgumentException("timeouts must be positive, got run=" + run + " idle=" + idle);
    }
  }

  public static TimeoutPolicy run(Duration d) {
    return new TimeoutPolicy(d, null);
  }

  public static TimeoutPolicy idle(Duration d) {
    return new TimeoutPolicy(null, d);
  }
}
