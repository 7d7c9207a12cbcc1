package dev.trellis.server.error;

/**
 * A request the server refuses, raised by any layer (stores, queue, wire parsing, handlers) and
 * answered in one place: the HTTP layer maps its {@link Kind} to a 4xx status and sends
 * {@code {"detail": message, "code": kind}}. The message is the detail, cut to
 * {@link #DETAIL_MAX} characters, and names the culprit.
 */
public class ServerException extends RuntimeException {
  /** Longest detail sent: a message that echoes a huge input is cut (with an ellipsis) to this many characters. */
  public static final int DETAIL_MAX = 1000;
  /** Longest echo of client input in an error message; longer values are cut with an ellipsis. */
  public static final int ECHO_MAX = 200;

  /** Why a request is refused; the HTTP layer gives each kind its status. */
  public enum Kind {
    /** The request is malformed or a field is invalid (422). */
    INVALID_REQUEST,
    /** A named resource (thread, run, assistant, checkpoint, graph) does not exist (404). */
    NOT_FOUND,
    /** The request clashes with the current state: an existing id, a busy thread (409). */
    CONFLICT,
    /** A value would exceed a configured size limit (413). */
    TOO_LARGE
  }

  private final Kind kind;

  public ServerException(Kind kind, String detail) {
    super(bounded(detail, DETAIL_MAX));
    this.kind = kind;
  }

  /** Why the request is refused. */
  public Kind kind() {
    return kind;
  }

  /** The stable code sent beside the detail (the kind's name, e.g. {@code INVALID_REQUEST}). */
  public String code() {
    return kind.name();
  }

  /** An invalid request: a field of the wrong shape or out of range. */
  public static ServerException invalid(String detail) {
    return new ServerException(Kind.INVALID_REQUEST, detail);
  }

  /** A clash with the current state. */
  public static ServerException conflict(String detail) {
    return new ServerException(Kind.CONFLICT, detail);
  }

  /** A missing resource, described in full. */
  public static ServerException notFound(String detail) {
    return new ServerException(Kind.NOT_FOUND, detail);
  }

  /** A missing resource: {@code what} (e.g. "thread") with {@code id}. */
  public static ServerException notFound(String what, String id) {
    return notFound(what + " " + echo(id) + " not found");
  }

  /** {@code value}, or a not-found error naming {@code what} and {@code id} when it is null. */
  public static <T> T found(T value, String what, String id) {
    if (value == null) {
      throw notFound(what, id);
    }
    return value;
  }

  /** {@code value} as text for an error message, cut to {@link #ECHO_MAX} characters (a 5 MB id is not sent back). */
  public static String echo(Object value) {
    return bounded(String.valueOf(value), ECHO_MAX);
  }

  /** {@code s} cut to {@code max} characters with an ellipsis and its length. */
  public static String bounded(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max) + "… (" + s.length() + " characters)";
  }
}
