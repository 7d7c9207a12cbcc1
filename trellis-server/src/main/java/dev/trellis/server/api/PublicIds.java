package dev.trellis.server.api;

import dev.trellis.server.db.IdAliases.Kind;
import dev.trellis.server.db.IdNamespace;
import io.javalin.http.Context;

/**
 * The caller's {@link IdNamespace} of one request, held in a request attribute (absent when auth
 * is off: nothing is translated). The event-stream writer applies the same attribute to each frame.
 */
final class PublicIds {
  /** The request attribute holding the caller's namespace; also read by the event-stream writer as a text filter. */
  public static final String ATTRIBUTE = dev.trellis.server.sse.Sse.TEXT_FILTER;

  private PublicIds() {}

  /** The stored id of the caller's thread {@code id} (itself when not aliased, or when auth is off). */
  public static String thread(Context ctx, String id) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.internal(Kind.THREAD, id);
  }

  /** The stored id of the caller's assistant {@code id} (graph ids and unaliased ids are themselves). */
  public static String assistant(Context ctx, String id) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.internal(Kind.ASSISTANT, id);
  }

  /** The id under which the caller creates {@code id} ({@link IdNamespace#claim}). */
  static String claim(Context ctx, java.sql.Connection c, Kind kind, String id) throws java.sql.SQLException {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.claim(c, kind, id);
  }

  /** {@code text} with the caller's stored ids replaced by their public ids. */
  public static String out(Context ctx, String text) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null || text == null ? text : ns.apply(text);
  }
}
