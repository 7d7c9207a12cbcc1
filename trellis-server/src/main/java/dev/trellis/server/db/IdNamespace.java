package dev.trellis.server.db;

import dev.trellis.server.db.IdAliases.Kind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One owner's id namespace ({@link IdAliases}), the one place ids are translated: {@link #thread}
 * and {@link #assistant} turn a public id the owner sent into the id it is stored under, and
 * {@link #apply} turns every stored id in outgoing text (a reply, an event frame, a webhook
 * body) back into the owner's public id. Internal ids are random UUIDs no owner ever sees, so
 * replacing them in the text is exact. Loaded on first use; not shared between threads.
 */
public final class IdNamespace implements UnaryOperator<String> {
  private final ServerDb db;
  private final IdAliases aliases;
  private final String owner;
  private Map<Kind, Map<String, String>> toInternal;
  private Map<String, String> toPublic;

  public IdNamespace(ServerDb db, IdAliases aliases, String owner) {
    this.db = db;
    this.aliases = aliases;
    this.owner = owner;
  }

  /** The stored id of the owner's {@code kind} {@code id} (itself when not aliased). */
  public String internal(Kind kind, String id) {
    if (id == null) {
      return null;
    }
    load();
    return toInternal.get(kind).getOrDefault(id, id);
  }

  /**
   * The id under which the owner creates {@code id}: a private one when another user holds
   * it, so the create neither fails nor tells them it exists. Call inside the creating transaction.
   */
  public String claim(Connection c, Kind kind, String id) throws SQLException {
    if (id == null) {
      return null;
    }
    String internal = aliases.claim(c, owner, kind, id);
    if (!internal.equals(id)) {
      if (toInternal == null) {
        index(aliases.of(c, owner));
      }
      toInternal.get(kind).put(id, internal);
      toPublic.put(internal, id);
    }
    return internal;
  }

  /** {@code text} with the owner's stored ids replaced by their public ids (null stays null). */
  @Override
  public String apply(String text) {
    if (text == null) {
      return null;
    }
    load();
    String out = text;
    for (Map.Entry<String, String> e : toPublic.entrySet()) {
      if (out.contains(e.getKey())) {
        out = out.replace(e.getKey(), e.getValue());
      }
    }
    return out;
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
