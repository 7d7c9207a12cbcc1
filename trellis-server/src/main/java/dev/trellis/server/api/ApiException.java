package dev.trellis.server.api;

/** A request the server refuses: sent as {@code {"detail": message}} with {@code status}. */
public final class ApiException extends RuntimeException {
  private final int status;

  /** Longest detail sent: a message that echoes a huge input is cut (with an ellipsis) to this many characters. */
  public static final int DETAIL_MAX = 1000;

  public ApiException(int status, String detail) {
    super(bounded(detail, DETAIL_MAX));
    this.status = status;
  }

  public int status() {
    return status;
  }

  /** {@code value}, or a 404 naming {@code what} and {@code id} when it is null. */
  public static <T> T found(T value, String what, String id) {
    if (value == null) {
      throw notFound(what, id);
    }
    return value;
  }

  public static ApiException notFound(String what, String id) {
    return new ApiException(404, what + " " + echo(id) + " not found");
  }

  /** Longest echo of client input in an error message; longer values are cut with an ellipsis. */
  public static final int ECHO_MAX = 200;

  /** {@code value} as text for an error message, cut to {@link #ECHO_MAX} characters (a 5 MB id is not sent back). */
  public static String echo(Object value) {
    return bounded(String.valueOf(value), ECHO_MAX);
  }

  static String bounded(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max) + "… (" + s.length() + " characters)";
  }
}
