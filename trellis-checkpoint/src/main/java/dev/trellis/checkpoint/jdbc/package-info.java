/**
 * The JDBC bases shared by the SQLite and PostgreSQL modules: {@link dev.trellis.checkpoint.jdbc.JdbcSaver},
 * {@link dev.trellis.checkpoint.jdbc.JdbcStore} and {@link dev.trellis.checkpoint.jdbc.JdbcCache} hold the
 * SQL both dialects agree on, and a
 * {@link dev.trellis.checkpoint.jdbc.JdbcDatabase} supplies connections, transactions and what differs
 * (blob type, upserts, the full-text {@link dev.trellis.checkpoint.jdbc.KeywordIndex}). Exported because
 * those modules extend it; applications use the concrete savers, stores and caches instead.
 */
package dev.trellis.checkpoint.jdbc;
