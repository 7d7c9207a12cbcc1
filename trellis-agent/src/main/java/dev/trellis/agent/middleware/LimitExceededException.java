package dev.trellis.agent.middleware;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;

/** A call-limit middleware with {@link ExitBehavior#ERROR} reached its limit; the message names it. */
public final class LimitExceededException extends TrellisException {
  public LimitExceededException(String detail) {
    super(ErrorCode.LIMIT_EXCEEDED, detail);
  }
}
