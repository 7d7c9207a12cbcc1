package dev.trellis.error;

import java.util.Objects;

/**
 * Base of every error Trellis raises on purpose. {@link #code()} is stable and appears
 * in the message as {@code [TRELLIS-CODE]}, so logs, tests and HTTP clients can match on it.
 * Subclasses name the family (graph building, state writes, node failures); the code names
 * the case.
 */
public class TrellisException extends RuntimeException {
  private final ErrorCode code;

  public TrellisException(ErrorCode code, String message) {
    this(code, message, null);
  }

  public TrellisException(ErrorCode code, String message, Throwable cause) {
    super("[TRELLIS-" + Objects.requireNonNull(code, "code") + "] " + message, cause);
    this.code = code;
  }

  /** The stable error code, e.g. {@link ErrorCode#INVALID_CONCURRENT_UPDATE}. */
  public ErrorCode code() {
    return code;
  }
}
