package dev.trellis.pipeline;

/** A tool's failure with an HTTP-like status: 4xx (the request was wrong) or 5xx (the service failed). */
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
