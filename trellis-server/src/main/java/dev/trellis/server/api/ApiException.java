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

  public static ApiException notFound(String what, String id) {
    return new ApiException(404, what + " " + id + " not found");
  }
}
