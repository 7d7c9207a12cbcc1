package dev.trellis.server.api;

import dev.trellis.server.db.IdAliases;
import dev.trellis.server.db.IdAliases.Kind;
import dev.trellis.server.db.ServerDb;
import io.javalin.http.Context;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One request's view of the caller's id namespace ({@link IdAliases}): {@link #thread} and
 * {@link #assistant} turn a public id the caller sent into the id it is stored under, and
 * {@link #apply} turns every stored id in a reply back into the caller's public id. Internal
 * ids are random UUIDs no caller ever sees, so replacing them in the reply text is exact.
 * Absent when auth is off (nothing is translated). Loaded on first use, once per request.
 */
public final class PublicIds implements UnaryOperator<String> {
  /** The request attribute holding the view; also read by the event-stream writer as a text filter. */
  public static final String ATTRIBUTE = dev.trellis.server.sse.Sse.TEXT_FILTER;

  private final ServerDb db;
  private final IdAliases aliases;
  private final String owner;
  private Map<Kind, Map<String, String>> toInternal;
  private Map<String, String> toPublic;

  PublicIds(ServerDb db, IdAliases aliases, String owner) {
    this.db = db;
    this.aliases = aliases;
    this.owner = owner;
  }

  /** The stored id of the caller's thread {@code id} (itself when not aliased, or when auth is off). */
  public static String thread(Context ctx, String id) {
    return resolve(ctx, Kind.THREAD, id);
  }

  /** The stored id of the caller's assistant {@code id} (graph ids and unaliased ids are themselves). */
  public static String assistant(Context ctx, String id) {
    return resolve(ctx, Kind.ASSISTANT, id);
  }

  /**
   * The id under which the caller creates {@code id}: a private one when another user holds
   * it, so the create neither fails nor tells them it exists. Call inside the creating transaction.
   */
  static String claim(Context ctx, java.sql.Connection c, Kind kind, String id) throws java.sql.SQLException {
    PublicIds v = ctx.attribute(ATTRIBUTE);
    if (v == null || id == null) {
      return id;
    }
    String internal = v.aliases.claim(c, v.owner, kind, id);
    if (!internal.equals(id)) {
      if (v.toInternal == null) {
        v.index(v.aliases.of(c, v.owner));
      }
      v.toInternal.get(kind).put(id, internal);
      v.toPublic.put(internal, id);
    }
    return internal;
  }

  /** {@code text} with the caller's stored ids replaced by their public ids. */
  public static String out(Context ctx, String text) {
    PublicIds v = ctx.attribute(ATTRIBUTE);
    return v == null || text == null ? text : v.apply(text);
  }

  @Override
  public String apply(String text) {
    load();
    return toPublic.isEmpty() ? text : IdAliases.publish(text, toPublic);
  }

  private static String resolve(Context ctx, Kind kind, String id) {
    PublicIds v = ctx.attribute(ATTRIBUTE);
    if (v == null || id == null) {
      return id;
    }
    v.load();
    return v.toInternal.get(kind).getOrDefault(id, id);
  }

  private void load() {
    if (toInternal != null) {
      return;
    }
    index(db.tx(c -> aliases.of(c, owner)));
  }

  private void index(Map<Kind, Map<String, String>> byKind) {
    toInternal = byKind;
    toPublic = new HashMap<>();
    toInternal.values().forEach(m -> m.forEach((pub, internal) -> toPublic.put(internal, pub)));
  }
}
