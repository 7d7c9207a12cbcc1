package dev.trellis.server.error;

/**
 * A refusal with an explicit HTTP status, for what only the HTTP layer can phrase (a missing key,
 * a bad header, a body cut short, a route's own conditions, an application's routes included);
 * sent like every {@link ServerException}, as {@code {"detail": message, "code": ...}} with
 * {@link #status()}. Stores and the queue throw
 * {@link ServerException} instead.
 */
public final class ApiException extends ServerException {
  private final int status;

  public ApiException(int status, String detail) {
    super(kindOf(status), detail);
    this.status = status;
  }

  /**
   * The stable code: {@code UNAUTHORIZED} for a 401 (no valid credentials), {@code FORBIDDEN} for a 403 (known, but
   * not allowed this), else the kind's name.
   */
  @Override
  public String code() {
    return switch (status) {
      case 401 -> "UNAUTHORIZED";
      case 403 -> "FORBIDDEN";
      default -> super.code();
    };
  }

  /** The HTTP status sent. */
  public int status() {
    return status;
  }

  private static Kind kindOf(int status) {
    return switch (status) {
      case 404 -> Kind.NOT_FOUND;
      case 409 -> Kind.CONFLICT;
      case 413 -> Kind.TOO_LARGE;
      default -> Kind.INVALID_REQUEST;
    };
  }
}
