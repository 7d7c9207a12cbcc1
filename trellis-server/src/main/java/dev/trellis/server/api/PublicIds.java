package dev.trellis.server.api;

import dev.trellis.server.db.IdAliases.Kind;
import dev.trellis.server.db.IdAliases;
import dev.trellis.server.db.IdNamespace;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.sse.Sse;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * The caller's public ids, the one component between the HTTP layer and {@link IdNamespace}. On
 * the way in, handlers ask it for the stored id of a thread or assistant the caller named
 * ({@link #thread}, {@link #assistant}, {@link #claim}). On the way out it is applied in one place
 * for every reply, built-in or an application's: {@link #identify} puts the caller's namespace on
 * the request, where {@link #translateReplies}' after-handler rewrites each JSON reply body (the
 * one exception mapper's refusals included) and every streamed body ({@link Sse#open}: event
 * streams, MCP and A2A streams, a waiting run's result, an application's
 * {@code Http.eventStream}) passes it as the response's text filter.
 * Handlers never translate outgoing text themselves; headers they send carry the id the caller
 * used. With auth off nothing is translated (no namespace is set).
 */
final class PublicIds {
  /** The request attribute holding the caller's namespace: the text filter every streamed body applies. */
  private static final String ATTRIBUTE = Sse.TEXT_FILTER;

  private final ServerDb db;
  private final IdAliases aliases;

  PublicIds(ServerDb db) {
    this.db = db;
    this.aliases = new IdAliases(db);
  }

  /** Gives the request of authenticated user {@code user} their namespace (loaded on first use). */
  void identify(Context ctx, String user) {
    ctx.attribute(ATTRIBUTE, new IdNamespace(db, aliases, user));
  }

  /** Registers the after-handler that puts the caller's public ids into every JSON reply body. */
  void translateReplies(RoutesConfig r) {
    r.after(PublicIds::translateReply);
  }

  private static void translateReply(Context ctx) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    String type = ctx.res().getContentType();
    if (ns == null || type == null || !type.startsWith("application/json") || ctx.resultInputStream() == null) {
      return; // no caller namespace, a streamed reply (translated as it was written) or not JSON (studio assets)
    }
    ctx.result(ns.apply(ctx.result()));
  }

  /** The stored id of the caller's thread {@code id} (itself when not aliased, or when auth is off). */
  static String thread(Context ctx, String id) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.internal(Kind.THREAD, id);
  }

  /** The stored id of the caller's assistant {@code id} (graph ids and unaliased ids are themselves). */
  static String assistant(Context ctx, String id) {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.internal(Kind.ASSISTANT, id);
  }

  /** The id under which the caller creates {@code id} ({@link IdNamespace#claim}). */
  static String claim(Context ctx, java.sql.Connection c, Kind kind, String id) throws java.sql.SQLException {
    IdNamespace ns = ctx.attribute(ATTRIBUTE);
    return ns == null ? id : ns.claim(c, kind, id);
  }
}
