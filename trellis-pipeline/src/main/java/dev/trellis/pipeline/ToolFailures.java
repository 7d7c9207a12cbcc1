package dev.trellis.pipeline;

import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * Which tool failures are worth retrying: timeouts, transport errors ({@link IOException})
 * and server errors ({@link ToolException} with a 5xx status). Validation errors, 4xx and
 * any other exception are not retried: trying again would give the same answer.
 */
public final class ToolFailures {
  private ToolFailures() {}

  public static boolean retryable(Throwable t) {
    if (t instanceof ToolException te) {
      return te.status() >= 500 && te.status() < 600;
    }
    return t instanceof TimeoutException || t instanceof IOException;
  }
}
