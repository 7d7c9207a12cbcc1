package dev.trellis.server.api;

/** A request the server refuses: sent as {@code {"detail": message}} with {@code status}. */
public final class ApiException extends RuntimeException {
  private final int status;

  public ApiException(int status, String detail) {
    super(detail);
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
    return new ApiException(404, what + " " + id + " not found");
  }
}
