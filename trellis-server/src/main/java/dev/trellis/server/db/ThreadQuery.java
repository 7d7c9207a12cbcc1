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
 * only the page it returns. PostgreSQL answers containment with {@code @>} on {@code jsonb},
 * through GIN indexes on stored {@code jsonb} copies of the metadata and the values. SQLite looks each scalar leaf of the filter up in {@link ThreadTerms} (an index of
 * every thread's leaves, kept by triggers) and checks with {@code json_extract} only what that
 * index does not hold (lists, empty objects, long text). Containment means: every filter key
 * present with an equal value, objects compared the same way recursively, a list matching a
 * list holding each of its items.
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
      // A literal, not a parameter: a server-side prepared statement's generic plan would not use the GIN index.
      sql.append(" AND ").append(column.equals("metadata") ? "metadata_jsonb" : "values_jsonb").append(" @> '")
          .append(Json.write(filter).replace("'", "''")).append("'::jsonb");
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
      leaves(sql, args, column, "$", filter);
    }
    return terms.size();
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

  /** SQLite: one condition per leaf of an object filter. Paths are literals, so expression indexes apply. */
  private static void leaves(StringBuilder sql, List<Object> args, String column, String path, Map<String, Object> filter) {
    for (Map.Entry<String, Object> e : filter.entrySet()) {
      String key = e.getKey();
      if (key.contains("\"") || key.contains("'")) {
        throw ServerException.invalid("filter keys may not contain quotes, got " + ServerException.echo(key));
      }
      String p = path + ".\"" + key + "\"";
      String at = column + ", '" + p + "'";
      Object v = e.getValue();
      if (v instanceof Map<?, ?> m && !m.isEmpty()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> sub = (Map<String, Object>) m;
        leaves(sql, args, column, p, sub);
      } else if (v instanceof Map<?, ?>) {
        sql.append(" AND json_type(").append(at).append(") = 'object'");
      } else if (v instanceof List<?> items) {
        sql.append(" AND json_type(").append(at).append(") = 'array'");
        for (Object item : items) {
          sql.append(" AND EXISTS (SELECT 1 FROM json_each(").append(at).append(") WHERE ");
          if (item instanceof Map<?, ?> || item instanceof List<?>) {
            sql.append("json(value) = json(?))");
            args.add(Json.write(item));
          } else {
            scalar(sql, args, "type", "value", item);
            sql.append(")");
          }
        }
      } else {
        sql.append(" AND ");
        scalar(sql, args, "json_type(" + at + ")", "json_extract(" + at + ")", v);
      }
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
