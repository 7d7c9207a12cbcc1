package dev.trellis.server.db;

import dev.trellis.server.error.ServerException;
import dev.trellis.server.wire.Json;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /threads/search} and {@code /count} in SQL: owner, status, ids, and containment of
 * {@code metadata} and {@code values} filters, sorted and paged by the database so a call reads
 * only the page it returns. Containment is PostgreSQL's {@code jsonb @>} on both databases: every
 * filter key present with a value containing the filter's (objects alike, recursively; numbers
 * equal by value), a list containing a list that holds, for each of its items, an item containing
 * it (an object item matches an object holding its keys, so {@code [{"type": "human"}]} matches
 * a message list holding a human message).
 *
 * <p>PostgreSQL: {@code metadata_jsonb @> filter} through a GIN index; for values,
 * {@code values_search @> filter'} through a GIN index, where {@code values_search} is the values
 * with lists left empty and long texts left out ({@link dev.trellis.server.wire.Json#writeSearchable},
 * written by the server with the values, so a run's end does not index a long message list) and
 * {@code filter'} the filter made the same way; a filter holding lists or long texts is then also
 * checked as {@code values_json::jsonb @> filter} on those candidates. SQLite looks each scalar
 * leaf of the filter up in {@link ThreadTerms} (an index of every thread's leaves outside lists) and
 * checks with {@code json_extract} and {@code json_each} only what that index does not hold (lists,
 * empty objects, long text).
 *
 * <p>Values stored as a reference to their checkpoint ({@link Threads#REFERENCE_CHARS}) are indexed
 * as any values (their search copy is written with the reference), so only the check on the whole
 * values cannot see into them: such a thread passes that check in SQL and is checked in Java on its
 * values read back ({@link JsonContainment}); when one did, the page is cut in Java from the sorted
 * ids of every candidate.
 */
public final class ThreadQuery {
  private final ServerDb db;
  private final Threads threads;

  public ThreadQuery(ServerDb db, Threads threads) {
    this.db = db;
    this.threads = threads;
    if (!db.postgres() && ThreadTerms.stale(db)) {
      ThreadTerms.rebuild(db);
      reindexReferences();
    }
  }

  /** After a rebuild from {@code values_json}: the threads whose values are references, indexed from the values read back. */
  private void reindexReferences() {
    db.tx(c -> {
      for (Map<String, Object> r : db.rows(c, "SELECT thread_id, values_json FROM trellis_threads WHERE " + IS_REFERENCE)) {
        String id = (String) r.get("thread_id");
        Object values = threads.resolver().values(id, (String) r.get("values_json"));
        ThreadTerms.values(db, c, id, values == null ? null : Json.writeSearchable(values, ThreadTerms.MAX_TEXT));
      }
      return null;
    });
  }

  /** What a search selects. {@code status}, {@code ids} and the two filters may be null (no condition). */
  public record Filter(String owner, String status, List<String> ids, Map<String, Object> metadata,
                       Map<String, Object> values) {}

  /**
   * SQLite plans a filtered page by the number of matches: up to this many, it reads the matches
   * from the term index and sorts them; above, it walks the sort index and probes the term index
   * until the page is full (few matches would make that walk read every thread of the owner).
   */
  private static final long FEW_MATCHES = 2000;

  /**
   * One page of matching threads in API shape, sorted by {@code sortColumn} (one of
   * {@link Threads#SORTS}); {@code matches} is what {@link #count} answered for the same filter.
   */
  public List<Map<String, Object>> page(Connection c, Filter f, String sortColumn, boolean ascending, int limit, int offset,
                                        long matches) throws SQLException {
    if (!Threads.SORTS.contains(sortColumn)) {
      throw new IllegalArgumentException("not a sort column: " + sortColumn);
    }
    List<Object> args = new ArrayList<>();
    String where = where(c, f, args, matches <= FEW_MATCHES);
    String dir = ascending ? " ASC" : " DESC";
    String order = " ORDER BY " + sortColumn + dir + ", thread_id" + dir;
    List<Object> paged = new ArrayList<>(args);
    paged.add(limit);
    paged.add(offset);
    List<Map<String, Object>> rows = db.rows(c, "SELECT " + Threads.COLUMNS + " FROM trellis_threads WHERE " + where + order
        + " LIMIT ? OFFSET ?", paged.toArray());
    boolean referenced = rows.stream().anyMatch(r -> r.get("values_json") instanceof String);
    if (wholeValues(f) && (referenced || offset > 0 && anyReference(c, where, args))) {
      // A thread whose values are a reference passed the whole-values check unchecked: cut the page from every candidate.
      List<String> ids = new ArrayList<>();
      for (Map<String, Object> r : db.rows(c, "SELECT thread_id, CASE WHEN " + IS_REFERENCE + " THEN values_json END AS ref "
          + "FROM trellis_threads WHERE " + where + order, args.toArray())) {
        String id = (String) r.get("thread_id");
        if (r.get("ref") == null || referenceMatches(id, (String) r.get("ref"), f.values())) {
          ids.add(id);
        }
      }
      List<String> window = ids.subList(Math.min(offset, ids.size()), (int) Math.min(ids.size(), (long) offset + limit));
      if (window.isEmpty()) {
        return List.of();
      }
      Map<Object, Map<String, Object>> byId = new java.util.HashMap<>();
      for (Map<String, Object> r : db.rows(c, "SELECT " + Threads.COLUMNS + " FROM trellis_threads WHERE thread_id IN ("
          + "?, ".repeat(window.size() - 1) + "?)", window.toArray())) {
        byId.put(r.get("thread_id"), r);
      }
      rows = window.stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }
    return rows.stream().map(r -> Threads.wire(r, threads.resolver())).toList();
  }

  /** A stored reference in {@code values_json} (values are never a JSON string). */
  private static final String IS_REFERENCE = "substr(values_json, 1, 1) = '\"'";

  /** Whether the filter is also checked on the whole values (it holds what the search copy leaves out). */
  private boolean wholeValues(Filter f) {
    if (f.values() == null || f.values().isEmpty()) {
      return false;
    }
    return db.postgres() ? !Json.writeSearchable(f.values(), ThreadTerms.MAX_TEXT).equals(Json.write(f.values()))
        : !ThreadTerms.covers(f.values());
  }

  private boolean anyReference(Connection c, String where, List<Object> args) throws SQLException {
    return db.row(c, "SELECT 1 AS x FROM trellis_threads WHERE " + where + " AND " + IS_REFERENCE + " LIMIT 1",
        args.toArray()) != null;
  }

  private boolean referenceMatches(String threadId, String refJson, Map<String, Object> filter) {
    Object values = threads.resolver().values(threadId, (String) Json.read(refJson));
    return values != null && JsonContainment.contains(values, filter);
  }

  /** How many threads match. */
  public long count(Connection c, Filter f) throws SQLException {
    List<Object> args = new ArrayList<>();
    String terms = db.postgres() || f.status() != null || f.ids() != null ? null : termsOnly(c, f, args);
    String where = terms != null ? null : where(c, f, args, false);
    String sql = terms != null ? "SELECT COUNT(*) FROM (" + terms + ")" : "SELECT COUNT(*) FROM trellis_threads WHERE " + where;
    long n = db.jdbc().query(c, sql, rs -> {
      rs.next();
      return rs.getLong(1);
    }, args.toArray());
    if (where != null && wholeValues(f)) {
      // Threads whose values are references passed the whole-values check unchecked: check them here.
      for (Map<String, Object> r : db.rows(c, "SELECT thread_id, values_json AS ref FROM trellis_threads WHERE " + where
          + " AND " + IS_REFERENCE, args.toArray())) {
        if (!referenceMatches((String) r.get("thread_id"), (String) r.get("ref"), f.values())) {
          n--;
        }
      }
    }
    return n;
  }

  /**
   * SQLite: the ids of the matching threads straight from the term index (an INTERSECT of one
   * lookup per leaf), when that index alone answers both filters; else null.
   */
  private String termsOnly(Connection c, Filter f, List<Object> args) throws SQLException {
    for (Map<String, Object> filter : java.util.Arrays.asList(f.metadata(), f.values())) {
      if (filter != null && !ThreadTerms.covers(filter)) {
        return null;
      }
    }
    List<String> lookups = new ArrayList<>();
    for (String field : List.of("metadata", "values")) {
      Map<String, Object> filter = field.equals("metadata") ? f.metadata() : f.values();
      if (filter != null && !filter.isEmpty()) {
        checkKeys(filter);
        for (ThreadTerms.Term t : ThreadTerms.of(db, c, Json.write(filter))) {
          lookups.add(TERM_LOOKUP);
          args.addAll(List.of(f.owner(), field, t.path(), t.term()));
        }
      }
    }
    return lookups.isEmpty() ? null : String.join(" INTERSECT ", lookups);
  }

  private static final String TERM_LOOKUP =
      "SELECT thread_id FROM trellis_thread_terms WHERE owner = ? AND field = ? AND path = ? AND term = ?";

  /**
   * The WHERE clause. With {@code fromTerms} (SQLite, few matches) the owner column is compared
   * as {@code +owner}, so SQLite cannot use the owner indexes and starts from the term lookups.
   */
  private String where(Connection c, Filter f, List<Object> args, boolean fromTerms) throws SQLException {
    StringBuilder sql = new StringBuilder();
    List<Object> rest = new ArrayList<>();
    if (f.status() != null) {
      sql.append(" AND status = ?");
      rest.add(f.status());
    }
    if (f.ids() != null) {
      if (f.ids().isEmpty()) {
        sql.append(" AND 1 = 0");
      } else {
        sql.append(" AND thread_id IN (").append("?, ".repeat(f.ids().size() - 1)).append("?)");
        rest.addAll(f.ids());
      }
    }
    int lookups = contains(c, f.owner(), sql, rest, "metadata", f.metadata())
        + contains(c, f.owner(), sql, rest, "values_json", f.values());
    args.add(f.owner());
    args.addAll(rest);
    return (fromTerms && lookups > 0 ? "+owner = ?" : "owner = ?") + sql;
  }

  /** Appends the containment of {@code filter} in {@code column}; returns how many term lookups it used. */
  private int contains(Connection c, String owner, StringBuilder sql, List<Object> args, String column,
                       Map<String, Object> filter) throws SQLException {
    if (filter == null || filter.isEmpty()) {
      return 0;
    }
    if (db.postgres()) {
      // Literals, not parameters: a server-side prepared statement's generic plan would not use the GIN index.
      String whole = Json.write(filter);
      if (column.equals("metadata")) {
        sql.append(" AND metadata_jsonb @> ").append(jsonb(whole));
        return 0;
      }
      // values_search is the values made searchable (no lists, no long texts): the filter made the same way narrows
      // through its index, and only a filter that loses something that way is checked again on the whole values.
      String searchable = Json.writeSearchable(filter, ThreadTerms.MAX_TEXT);
      sql.append(" AND values_search @> ").append(jsonb(searchable));
      if (!searchable.equals(whole)) {
        sql.append(" AND (").append(IS_REFERENCE).append(" OR values_json::jsonb @> ").append(jsonb(whole)).append(")");
      }
      return 0;
    }
    checkKeys(filter);
    String field = column.equals("metadata") ? "metadata" : "values";
    List<ThreadTerms.Term> terms = ThreadTerms.of(db, c, Json.write(filter));
    for (ThreadTerms.Term t : terms) {
      sql.append(" AND thread_id IN (").append(TERM_LOOKUP).append(")");
      args.addAll(List.of(owner, field, t.path(), t.term()));
    }
    if (!ThreadTerms.covers(filter)) {
      sql.append(" AND (");
      if (column.equals("values_json")) {
        sql.append(IS_REFERENCE).append(" OR ");
      }
      containment(sql, args, column, "$", filter, 0);
      sql.append(")");
    }
    return terms.size();
  }

  private static String jsonb(String json) {
    return "'" + json.replace("'", "''") + "'::jsonb";
  }

  private static void checkKeys(Map<?, ?> filter) {
    for (Map.Entry<?, ?> e : filter.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (key.contains("\"") || key.contains("'")) {
        throw ServerException.invalid("filter keys may not contain quotes, got " + ServerException.echo(key));
      }
      if (e.getValue() instanceof Map<?, ?> m) {
        checkKeys(m);
      }
    }
  }

  /**
   * SQLite: the condition that the JSON at {@code path} of {@code doc} contains {@code filter}, as
   * PostgreSQL's {@code @>} means it: an object holds each key of the filter with a value containing
   * the filter's, a list holds for each item of the filter an item containing it (of the same kind:
   * object, list or equal scalar), a scalar equals (numbers by value). Paths are literals, so
   * expression indexes apply; {@code depth} names the {@code json_each} of nested lists apart.
   */
  private static void containment(StringBuilder sql, List<Object> args, String doc, String path, Object filter, int depth) {
    String at = doc + ", '" + path + "'";
    if (filter instanceof Map<?, ?> m && !m.isEmpty()) {
      String and = "";
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (key.contains("\"") || key.contains("'")) {
          throw ServerException.invalid("filter keys may not contain quotes, got " + ServerException.echo(key));
        }
        sql.append(and);
        and = " AND ";
        containment(sql, args, doc, path + ".\"" + key + "\"", e.getValue(), depth);
      }
    } else if (filter instanceof Map<?, ?>) {
      sql.append("json_type(").append(at).append(") = 'object'");
    } else if (filter instanceof List<?> items) {
      sql.append("json_type(").append(at).append(") = 'array'");
      String item = "e" + depth;
      for (Object f : items) {
        sql.append(" AND EXISTS (SELECT 1 FROM json_each(").append(at).append(") AS ").append(item).append(" WHERE ");
        if (f instanceof Map<?, ?> || f instanceof List<?>) {
          // CASE, not AND: the item's value is parsed as JSON only once it is known to be an object or a list.
          sql.append("CASE WHEN ").append(item).append(".type = '").append(f instanceof Map<?, ?> ? "object" : "array")
              .append("' THEN (");
          containment(sql, args, item + ".value", "$", f, depth + 1);
          sql.append(") ELSE 0 END)");
        } else {
          scalar(sql, args, item + ".type", item + ".value", f);
          sql.append(")");
        }
      }
    } else {
      scalar(sql, args, "json_type(" + at + ")", "json_extract(" + at + ")", filter);
    }
  }

  private static void scalar(StringBuilder sql, List<Object> args, String type, String value, Object v) {
    if (v == null) {
      sql.append(type).append(" = 'null'");
    } else if (v instanceof Boolean b) {
      sql.append(type).append(b ? " = 'true'" : " = 'false'");
    } else if (v instanceof Number n) {
      sql.append(type).append(" IN ('integer', 'real') AND ").append(value);
      double d = n.doubleValue();
      if (d == Math.rint(d) && Math.abs(d) < 9e15) {
        sql.append(" = ?");
        args.add(n.longValue());
      } else {
        sql.append(" = CAST(? AS REAL)");
        args.add(String.valueOf(d));
      }
    } else {
      sql.append(type).append(" = 'text' AND ").append(value).append(" = ?");
      args.add(String.valueOf(v));
    }
  }
}
