package dev.trellis.client;

/**
 * The server refused a request: its HTTP status and the {@code {detail, code}} of its JSON
 * reply ({@code code} is Trellis's stable error code, e.g. {@code NOT_FOUND}, {@code INVALID_INPUT};
 * null from a server that sends none). Branch on {@link #status()} or {@link #code()}, not on
 * the message.
 */
public final class TrellisApiException extends TrellisClientException {
  private final int status;
  private final String detail;
  private final String code;

  public TrellisApiException(String request, int status, String detail, String code) {
    super(request + ": " + status + (code == null ? "" : " [" + code + "]") + " " + detail);
    this.status = status;
    this.detail = detail;
    this.code = code;
  }

  /** The HTTP status (4xx or 5xx). */
  public int status() {
    return status;
  }

  /** The server's explanation ({@code detail}), or the raw body when it sent no JSON. */
  public String detail() {
    return detail;
  }

  /** The server's error code, or null when it sent none. */
  public String code() {
    return code;
  }
}
