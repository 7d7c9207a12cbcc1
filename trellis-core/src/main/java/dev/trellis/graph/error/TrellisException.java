package dev.trellis.graph.error;

/**
 * Base of every error Trellis raises on purpose. {@link #code()} is stable and appears
 * in the message as {@code [TRELLIS-CODE]}, so logs and tests can match on it.
 */
public class TrellisException extends RuntimeException {
  private final String code;

  public TrellisException(String code, String message) {
    this(code, message, null);
  }

  public TrellisException(String code, String message, Throwable cause) {
    super("[TRELLIS-" + code + "] " + message, cause);
    this.code = code;
  }

  /** The stable error code, e.g. {@code INVALID_CONCURRENT_UPDATE}. */
  public String code() {
    return code;
  }
}
