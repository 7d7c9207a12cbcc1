package dev.trellis.server.db;

import dev.trellis.server.error.ServerException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The assistants table: a graph plus config, context and metadata, versioned on every change.
 * Each served graph has a system assistant whose id is {@code uuid5(NAMESPACE, graph_id)} (as
 * LangGraph's servers), visible to every user; other assistants belong to their creator.
 */
public final class Assistants {
  private static final UUID NAMESPACE = UUID.fromString("6ba7b821-9dad-11d1-80b4-00c04fd430c8");
  private final ServerDb db;

  public Assistants(ServerDb db) {
    this.db = db;
  }

  /**
   * Ids already computed (a pure function of the name), of names up to {@value #MEMO_NAME_MAX}
   * characters only: run creation asks by any name a client sends, so longer ones are computed
   * each time rather than held. Cleared when it grows past {@value #MEMO_MAX} names.
   */
  private static final ConcurrentHashMap<String, String> SYSTEM_IDS = new ConcurrentHashMap<>();
  private static final int MEMO_MAX = 1024;
  static final int MEMO_NAME_MAX = 128;

  /** LangGraph's system assistant id for a graph: a name-based (SHA-1, version 5) UUID. */
  public static String systemId(String graphId) {
    if (graphId.length() > MEMO_NAME_MAX) {
      return computeSystemId(graphId);
    }
    String known = SYSTEM_IDS.get(graphId);
    if (known != null) {
      return known;
    }
    if (SYSTEM_IDS.size() >= MEMO_MAX) {
      SYSTEM_IDS.clear();
    }
    String id = computeSystemId(graphId);
    SYSTEM_IDS.put(graphId, id);
    return id;
  }

  /** Whether the id of {@code graphId} is held in the memo (for tests). */
  static boolean memoized(String graphId) {
    return SYSTEM_IDS.containsKey(graphId);
  }

  private static String computeSystemId(String graphId) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(toBytes(NAMESPACE));
      byte[] h = sha1.digest(graphId.getBytes(StandardCharsets.UTF_8));
      h[6] = (byte) ((h[6] & 0x0f) | 0x50);
      h[8] = (byte) ((h[8] & 0x3f) | 0x80);
      long msb = 0;
      long lsb = 0;
      for (int i = 0; i < 8; i++) {
        msb = (msb << 8) | (h[i] & 0xff);
        lsb = (lsb << 8) | (h[i + 8] & 0xff);
      }
      return new UUID(msb, lsb).toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] toBytes(UUID u) {
    return java.nio.ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
  }

  /**
   * Creates the system assistant of {@code graphId}, with {@code config}, {@code description} and
   * {@code metadata}, when it does not exist yet; when it does, a non-null {@code description} that
   * differs from its own becomes its next version (the description a config or provider gives now).
   */
  public void ensureSystem(String graphId, Map<String, Object> config, String description, Map<String, Object> metadata) {
    db.tx(c -> {
      String id = systemId(graphId);
      Assistant existing = byId(c, id);
      if (existing == null) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(metadata);
        m.put("created_by", "system");
        insert(c, id, graphId, "", graphId, description, config, Map.of(), m);
      } else if (description != null && !description.equals(existing.description())) {
        update(c, new Assistant(existing.assistantId(), existing.graphId(), existing.owner(), existing.name(), description,
            existing.config(), existing.context(), existing.metadata(), existing.version(), existing.createdAt(),
            existing.updatedAt()));
      }
      return null;
    });
  }

  /** Inserts a new assistant (version 1) and returns it. */
  public Assistant insert(Connection c, String id, String graphId, String owner, String name,
                          String description, Map<String, Object> config, Map<String, Object> context,
                          Map<String, Object> metadata) throws SQLException {
    String now = ServerDb.now();
    db.update(c, "INSERT INTO trellis_assistants (assistant_id, graph_id, owner, name, description, config, context, "
        + "metadata, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)", id, graphId, owner,
        name, description, ServerDb.json(config), ServerDb.json(context), ServerDb.json(metadata), now, now);
    version(c, id);
    return byId(c, id);
  }

  /** Records the assistant's current row as a version (after creating or changing it). */
  public void version(Connection c, String id) throws SQLException {
    db.update(c, "INSERT INTO trellis_assistant_versions (assistant_id, version, graph_id, name, description, config, "
        + "context, metadata, created_at) SELECT assistant_id, version, graph_id, name, description, config, context, "
        + "metadata, updated_at FROM trellis_assistants WHERE assistant_id = ?", id);
  }

  /** The assistant stored under {@code id}, whoever owns it; null if none. */
  public Assistant byId(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_assistants WHERE assistant_id = ?", id);
    return row == null ? null : Assistant.from(row);
  }

  /**
   * An assistant the caller may see, by id or graph name (the id first: a graph's system assistant
   * answers only when no visible assistant has that id); null if none. One statement.
   */
  public Assistant get(Connection c, String idOrGraph, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_assistants WHERE (assistant_id = ? AND (owner = ? OR owner = '')) "
        + "OR (assistant_id = ? AND owner = '') ORDER BY CASE WHEN assistant_id = ? THEN 0 ELSE 1 END LIMIT 1",
        idOrGraph, owner, systemId(idOrGraph), idOrGraph);
    return row == null ? null : Assistant.from(row);
  }

  /**
   * True when {@link #get} would still answer {@code seen} (read earlier, e.g. on a reader): the same assistant at the
   * same version and update time. One statement; nothing is parsed.
   */
  public boolean unchanged(Connection c, String idOrGraph, String owner, Assistant seen) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT assistant_id, version, updated_at FROM trellis_assistants "
        + "WHERE (assistant_id = ? AND (owner = ? OR owner = '')) OR (assistant_id = ? AND owner = '') "
        + "ORDER BY CASE WHEN assistant_id = ? THEN 0 ELSE 1 END LIMIT 1",
        idOrGraph, owner, systemId(idOrGraph), idOrGraph);
    return row != null && seen.assistantId().equals(row.get("assistant_id"))
        && row.get("version") instanceof Number v && v.intValue() == seen.version()
        && java.util.Objects.equals(seen.updatedAt(), row.get("updated_at"));
  }

  /** The assistants table's columns, for another table's query to join: {@code alias.col AS prefix + col}, comma-separated. */
  public static String joinedColumns(String alias, String prefix) {
    StringBuilder sb = new StringBuilder();
    for (String col : COLUMNS) {
      sb.append(sb.isEmpty() ? "" : ", ").append(alias).append('.').append(col).append(" AS ").append(prefix).append(col);
    }
    return sb.toString();
  }

  /** The assistant in a row that joined {@link #joinedColumns} under {@code prefix}; null when the join found none. */
  public static Assistant fromJoined(Map<String, Object> row, String prefix) {
    if (row.get(prefix + "assistant_id") == null) {
      return null;
    }
    Map<String, Object> own = new LinkedHashMap<>();
    for (String col : COLUMNS) {
      Object v = row.get(prefix + col);
      own.put(col, v instanceof String s && ServerDb.JSON_COLUMNS.contains(col) ? dev.trellis.server.wire.Json.read(s) : v);
    }
    return Assistant.from(own);
  }

  private static final List<String> COLUMNS = List.of("assistant_id", "graph_id", "owner", "name", "description", "config",
      "context", "metadata", "version", "created_at", "updated_at");

  /** Every assistant {@code owner} may see (theirs and the system ones), in one query. */
  public List<Assistant> visible(Connection c, String owner) throws SQLException {
    return db.rows(c, "SELECT * FROM trellis_assistants WHERE owner = ? OR owner = ''", owner).stream()
        .map(Assistant::from).toList();
  }

  /** As {@link #get}, or a not-found error. */
  public Assistant require(Connection c, String idOrGraph, String owner) throws SQLException {
    return ServerException.found(get(c, idOrGraph, owner), "assistant", idOrGraph);
  }

  public Assistant require(String idOrGraph, String owner) {
    return db.tx(c -> require(c, idOrGraph, owner));
  }

  /** Saves {@code a}'s graph, config, context, metadata, name and description as its next version. */
  public void update(Connection c, Assistant a) throws SQLException {
    db.update(c, "UPDATE trellis_assistants SET graph_id = ?, config = ?, context = ?, metadata = ?, name = ?, "
        + "description = ?, version = (SELECT MAX(version) FROM trellis_assistant_versions WHERE assistant_id = ?) + 1, "
        + "updated_at = ? WHERE assistant_id = ?", a.graphId(), ServerDb.json(a.config()), ServerDb.json(a.context()),
        ServerDb.json(a.metadata()), a.name(), a.description(), a.assistantId(), ServerDb.now(), a.assistantId());
    version(c, a.assistantId());
  }

  /** Deletes an assistant and its versions. */
  public void delete(Connection c, String id) throws SQLException {
    db.update(c, "DELETE FROM trellis_assistant_versions WHERE assistant_id = ?", id);
    db.update(c, "DELETE FROM trellis_assistants WHERE assistant_id = ?", id);
  }

  /** The assistant's versions, newest first, in LangGraph's shape (metadata an object, version an int). */
  public List<Map<String, Object>> versions(Connection c, String id) throws SQLException {
    List<Map<String, Object>> out = new java.util.ArrayList<>();
    for (Map<String, Object> v : db.rows(c, "SELECT * FROM trellis_assistant_versions WHERE assistant_id = ? "
        + "ORDER BY version DESC", id)) {
      v.put("version", ((Number) v.get("version")).intValue());
      if (v.get("metadata") == null) {
        v.put("metadata", Map.of());
      }
      out.add(v);
    }
    return out;
  }

  /** Makes version {@code version} the current one; false if the assistant has no such version. */
  public boolean restore(Connection c, String id, int version) throws SQLException {
    Map<String, Object> v = db.row(c, "SELECT * FROM trellis_assistant_versions WHERE assistant_id = ? AND version = ?",
        id, version);
    if (v == null) {
      return false;
    }
    db.update(c, "UPDATE trellis_assistants SET graph_id = ?, name = ?, description = ?, config = ?, context = ?, "
        + "metadata = ?, version = ?, updated_at = ? WHERE assistant_id = ?", v.get("graph_id"), v.get("name"),
        v.get("description"), ServerDb.json(v.get("config")), ServerDb.json(v.get("context")),
        ServerDb.json(v.get("metadata")), version, ServerDb.now(), id);
    return true;
  }
}
