package dev.trellis.server.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * SQLite's stand-in for PostgreSQL's GIN index on thread {@code metadata} and {@code values}:
 * the table {@code trellis_thread_terms} holds one row per scalar leaf reached through objects
 * only (path as SQLite's {@code json_tree} spells it, value as a typed term), kept by triggers on
 * every insert, update and delete of a thread's metadata, and for its values by {@link #values}
 * when they are stored (from a copy of the values with every list left empty: leaves in lists
 * are not indexed, and walking a long thread's message list on every run cost more than the run),
 * so {@code /threads/search} finds the threads with a leaf equal to a filter's leaf through an
 * index instead of parsing every thread's JSON.
 *
 * <p>Paths are spelled by the SQLite library that wrote them; the version that built the index
 * is recorded, and a server on another SQLite version rebuilds the index when it starts.
 *
 * <p>Not indexed: leaves inside arrays, text longer than {@value #MAX_TEXT} characters, keys whose
 * path holds {@code [}. A filter with such a part is also checked with {@code json_extract} (the
 * indexed leaves still narrow the candidates). Numbers compare as reals ({@code 3} equals
 * {@code 3.0}), as the JSON filter does.
 */
final class ThreadTerms {
  /** Longest text leaf that is indexed. */
  static final int MAX_TEXT = 256;

  // The triggers of trellis-schema/server/sqlite spell TERM and LEAF as these do: change them together, in a new V<n>.
  private static final String TERM = "CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) "
      + "WHEN 'real' THEN 'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END";
  private static final String LEAF = "type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' "
      + "AND (type <> 'text' OR length(atom) <= " + MAX_TEXT + ")";

  private ThreadTerms() {}

  /** Whether the index must be rebuilt: no SQLite version built it, or another one did. */
  static boolean stale(ServerDb db) {
    return db.tx(c -> {
      Map<String, Object> built = db.row(c, "SELECT sqlite_version FROM trellis_thread_terms_built");
      return built == null || !built.get("sqlite_version").equals(db.row(c, "SELECT sqlite_version() AS v").get("v"));
    });
  }

  /**
   * Indexes every thread again, in one transaction, and records this SQLite version as the builder
   * (the table, its indexes and triggers are the server schema's: {@code trellis-schema/server/sqlite}).
   */
  static void rebuild(ServerDb db) {
    db.tx(c -> {
      db.update(c, "DELETE FROM trellis_thread_terms");
      for (String[] f : new String[][] {{"metadata", "metadata"}, {"values", "values_json"}}) {
        db.update(c, "INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT t.thread_id, t.owner, '"
            + f[0] + "', j.fullkey, " + TERM.replace("type", "j.type").replace("atom", "j.atom")
            + " FROM trellis_threads t, json_tree(COALESCE(t." + f[1] + ", '{}')) j WHERE "
            + LEAF.replace("type", "j.type").replace("fullkey", "j.fullkey").replace("atom", "j.atom"));
      }
      db.update(c, "DELETE FROM trellis_thread_terms_built");
      db.update(c, "INSERT INTO trellis_thread_terms_built (sqlite_version) VALUES (sqlite_version())");
      return null;
    });
  }

  /**
   * Indexes a thread's values again: {@code indexedJson} is its values with every list left
   * empty (the leaves it holds are the leaves of the values that are indexed); null: none.
   */
  static void values(ServerDb db, Connection c, String threadId, String indexedJson) throws SQLException {
    db.update(c, "DELETE FROM trellis_thread_terms WHERE thread_id = ? AND field = 'values'", threadId);
    if (indexedJson != null) {
      db.update(c, "INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT ?, "
          + "(SELECT owner FROM trellis_threads WHERE thread_id = ?), 'values', fullkey, " + TERM + " FROM json_tree(?) WHERE "
          + LEAF, threadId, threadId, indexedJson);
    }
  }

  /** Gives thread {@code to} the value terms of thread {@code from} (its values were copied). */
  static void copyValues(ServerDb db, Connection c, String from, String to) throws SQLException {
    db.update(c, "DELETE FROM trellis_thread_terms WHERE thread_id = ? AND field = 'values'", to);
    db.update(c, "INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT ?, "
        + "(SELECT owner FROM trellis_threads WHERE thread_id = ?), field, path, term FROM trellis_thread_terms "
        + "WHERE thread_id = ? AND field = 'values'", to, to, from);
  }

  /** A leaf of a filter: its path and term, spelled as the index spells them. */
  record Term(String path, String term) {}

  /** The indexed leaves of {@code filterJson} (an object), computed by SQLite so paths and terms match the index. */
  static List<Term> of(ServerDb db, Connection c, String filterJson) throws SQLException {
    List<Term> out = new ArrayList<>();
    for (Map<String, Object> r : db.rows(c, "SELECT fullkey AS path, " + TERM + " AS term FROM json_tree(?) WHERE " + LEAF,
        filterJson)) {
      out.add(new Term((String) r.get("path"), (String) r.get("term")));
    }
    return out;
  }

  /**
   * Whether the index answers the whole filter: every part is a non-empty object or a scalar
   * leaf it holds (no lists, no empty objects, no long text, no {@code [} in keys).
   */
  static boolean covers(Map<String, Object> filter) {
    for (Map.Entry<String, Object> e : filter.entrySet()) {
      Object v = e.getValue();
      if (e.getKey().contains("[") || v instanceof List<?> || (v instanceof String s && s.length() > MAX_TEXT)) {
        return false;
      }
      if (v instanceof Map<?, ?> m) {
        @SuppressWarnings("unchecked")
        Map<String, Object> sub = (Map<String, Object>) m;
        if (m.isEmpty() || !covers(sub)) {
          return false;
        }
      }
    }
    return true;
  }
}
