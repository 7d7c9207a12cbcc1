package dev.trellis.checkpoint.jdbc;

import java.util.List;

/**
 * A database's full-text index for {@link JdbcStore}'s keyword search: a table
 * {@code store_fts} keyed by (namespace, item_key) holding each item's indexed text (created by
 * {@link JdbcStore#SCHEMA}'s scripts), and the dialect's match query. SQLite uses an FTS5 virtual table ranked by {@code bm25}; PostgreSQL
 * a {@code tsvector} column with a GIN index ranked by {@code ts_rank}.
 */
public interface KeywordIndex {

  /** INSERT of one row, parameters (namespace, item_key, text). */
  String insert();

  /** SELECT of (namespace, item_key, score) of the rows matching the one parameter, higher score = more relevant. */
  String match();

  /** The match parameter for {@code terms} (lower-cased letters and digits, at least one): any term matches. */
  String query(List<String> terms);
}
