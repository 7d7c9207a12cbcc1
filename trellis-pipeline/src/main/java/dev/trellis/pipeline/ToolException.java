package dev.trellis.pipeline;

/**
 * A tool's failure with an HTTP-like status: 4xx (the request was wrong) or 5xx (the service failed).
 *
 * <p>Not a {@code TrellisException}: tools throw it, not Trellis, and it is checked so a tool
 * author declares which calls can fail. The pipeline reads {@link #status()} to decide whether
 * to retry it (5xx) or not (4xx); it is never turned into a run error
 * with an {@code ErrorCode}.
 */
public final class ToolException extends Exception {
  private final int status;

  public ToolException(int status, String message) {
    super(status + " " + message);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
