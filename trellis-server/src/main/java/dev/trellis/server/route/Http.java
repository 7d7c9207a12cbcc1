package dev.trellis.server.route;

import dev.trellis.server.auth.Identity;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.sse.Sse;
import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.RequestBody;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * What a route reads from a request and how it answers: the caller ({@link #owner}, {@link
 * #identity}), the strictly parsed body ({@link #body}), a JSON reply ({@link #json}) or an event
 * stream ({@link #eventStream}) written as the built-in routes write theirs — the caller's public
 * ids included — and a query flag. A route never writes the raw response body itself: only what
 * goes out through these shows stored ids as the caller's.
 */
public final class Http {
  /** The request attribute holding the caller's {@link Identity}, set by the server before any route runs. */
  private static final String IDENTITY = Identity.class.getName();

  private Http() {}

  /** The caller's user id ("" when auth is off). */
  public static String owner(Context ctx) {
    Identity id = ctx.attribute(IDENTITY);
    return id == null ? "" : id.user();
  }

  /** Who sends the request: its authenticated identity, {@link Identity#ANONYMOUS} when auth is off. */
  public static Identity identity(Context ctx) {
    Identity id = ctx.attribute(IDENTITY);
    return id == null ? Identity.ANONYMOUS : id;
  }

  /** The request body: a strictly parsed UTF-8 JSON object whose null fields are absent (anything else is a 422). */
  public static Map<String, Object> body(Context ctx) {
    return RequestBody.object(ctx);
  }

  /** Answers 200 with {@code value} as JSON. */
  public static void json(Context ctx, Object value) {
    json(ctx, 200, value);
  }

  /** Answers {@code status} with {@code value} as JSON. */
  public static void json(Context ctx, int status, Object value) {
    ctx.status(status).contentType("application/json").result(Json.write(value));
  }

  /**
   * Starts a Server-Sent Events reply (200, {@code text/event-stream}, no caching, headers flushed
   * at once) and returns its body, written through the same filter as the built-in streams: any
   * stored id in it reaches the caller as their public id. Set headers before calling it. Write each
   * event in one {@code write} call (an id split across two writes would not be recognised) and flush
   * after it.
   *
   * @throws IOException when the client has gone
   */
  public static OutputStream eventStream(Context ctx) throws IOException {
    return Sse.open(ctx);
  }

  /** Answers 204 with no body. */
  public static void noContent(Context ctx) {
    ctx.status(204);
  }

  /** A query flag: {@code true}, {@code yes} and {@code 1} are true (the SDK sends 1/0 for some). */
  public static boolean flag(Context ctx, String name, boolean dflt) {
    String v = ctx.queryParam(name);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    return switch (v.toLowerCase(java.util.Locale.ROOT)) {
      case "true", "yes", "1" -> true;
      case "false", "no", "0" -> false;
      default -> throw ServerException.invalid("query parameter \"" + name + "\" must be true or false, got " + v);
    };
  }
}
