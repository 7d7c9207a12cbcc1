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
 */
public final class ThreadQuery {
  private final ServerDb db;

  public ThreadQuery(ServerDb db) {
    this.db = db;
    if (!db.postgres() && ThreadTerms.stale(db)) {
      ThreadTerms.rebuild(db);
    }
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
    args.add(limit);
    args.add(offset);
    return db.rows(c, "SELECT " + Threads.COLUMNS + " FROM trellis_threads WHERE " + where + " ORDER BY " + sortColumn + dir
        + ", thread_id" + dir + " LIMIT ? OFFSET ?", args.toArray()).stream().map(Threads::wire).toList();
  }

  /** How many threads match. */
  public long count(Connection c, Filter f) throws SQLException {
    List<Object> args = new ArrayList<>();
    String terms = db.postgres() || f.status() != null || f.ids() != null ? null : termsOnly(c, f, args);
    String sql = terms != null ? "SELECT COUNT(*) FROM (" + terms + ")"
        : "SELECT COUNT(*) FROM trellis_threads WHERE " + where(c, f, args, false);
    return db.jdbc().query(c, sql, rs -> {
      rs.next();
      return rs.getLong(1);
    }, args.toArray());
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
        sql.append(" AND values_json::jsonb @> ").append(jsonb(whole));
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
