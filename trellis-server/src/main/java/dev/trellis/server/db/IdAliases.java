package dev.trellis.server.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Per-user id namespaces for threads and assistants, built only where ids collide. A public
 * id is its own storage id for whoever takes it first; when another user creates a thread or
 * assistant under an id someone else already holds, that user's copy is stored under a fresh
 * random id and the row {@code (owner, kind, public_id) -> internal_id} remembers it. Requests
 * translate the public id to the internal one where they read an id, and responses translate
 * it back ({@link IdNamespace}, the one translator), so no user can tell whether another user's id exists.
 */
public final class IdAliases {
  /** What an alias names. */
  public enum Kind { THREAD, ASSISTANT }

  private final ServerDb db;

  public IdAliases(ServerDb db) {
    this.db = db;
  }

  /** Every alias of {@code owner}, by kind: public id -> internal id. */
  public Map<Kind, Map<String, String>> of(Connection c, String owner) throws SQLException {
    Map<Kind, Map<String, String>> out = new HashMap<>();
    for (Kind k : Kind.values()) {
      out.put(k, new HashMap<>());
    }
    String sql = "SELECT kind, public_id, internal_id FROM trellis_id_aliases WHERE owner = ?";
    for (Map<String, Object> r : db.rows(c, sql, owner)) {
      out.get(Kind.valueOf((String) r.get("kind"))).put((String) r.get("public_id"), (String) r.get("internal_id"));
    }
    return out;
  }

  /**
   * The storage id under which {@code owner} creates {@code publicId}: their alias when they
   * have one, a new alias when another user holds the id (not for the shared
   * system assistants, owned by nobody), else the id itself.
   */
  public String claim(Connection c, String owner, Kind kind, String publicId) throws SQLException {
    String known = internal(c, owner, kind, publicId);
    if (known != null) {
      return known;
    }
    String holder = holder(c, kind, publicId);
    if (holder == null || holder.equals(owner) || (kind == Kind.ASSISTANT && holder.isEmpty())) {
      return publicId;
    }
    db.update(c, "INSERT INTO trellis_id_aliases (owner, kind, public_id, internal_id) VALUES (?, ?, ?, ?) "
        + "ON CONFLICT DO NOTHING", owner, kind.name(), publicId, UUID.randomUUID().toString());
    return internal(c, owner, kind, publicId);
  }

  private String internal(Connection c, String owner, Kind kind, String publicId) throws SQLException {
    Map<String, Object> r = db.row(c, "SELECT internal_id FROM trellis_id_aliases WHERE owner = ? AND kind = ? AND public_id = ?",
        owner, kind.name(), publicId);
    return r == null ? null : (String) r.get("internal_id");
  }

  private String holder(Connection c, Kind kind, String id) throws SQLException {
    Map<String, Object> r = kind == Kind.THREAD
        ? db.row(c, "SELECT owner FROM trellis_threads WHERE thread_id = ?", id)
        : db.row(c, "SELECT owner FROM trellis_assistants WHERE assistant_id = ?", id);
    return r == null ? null : (String) r.get("owner");
  }
}
