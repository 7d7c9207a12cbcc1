package dev.trellis.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * How the JDBC savers and stores reach one database: transactions, statements and the
 * dialect's few differences. SQLite keeps one connection under a lock with cached
 * statements; PostgreSQL lends pooled connections. Implementations are thread-safe.
 */
public interface JdbcDatabase extends AutoCloseable {

  /** Reads the result of a query. */
  @FunctionalInterface
  interface Rows<T> {
    T read(ResultSet rs) throws SQLException;
  }

  /** Work done on a connection inside one transaction. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  /** Runs {@code work} in a transaction (commit on success, rollback on failure). */
  <T> T transaction(Work<T> work);

  /**
   * Runs {@code work}, which only reads, in one transaction that sees a consistent snapshot. It
   * must never wait behind writers nor hold them up: a database with a single writer connection
   * (SQLite) answers it on a reader connection of its own. The default is {@link #transaction}
   * (a pooled database, whose readers take no locks).
   */
  default <T> T read(Work<T> work) {
    return transaction(work);
  }

  /** A statement for {@code sql} on {@code c} (possibly cached); give it back with {@link #release}. */
  default PreparedStatement prepare(Connection c, String sql) throws SQLException {
    return c.prepareStatement(sql);
  }

  /** Gives back a statement from {@link #prepare}; the default closes it. */
  default void release(PreparedStatement ps) throws SQLException {
    ps.close();
  }

  /**
   * Runs one INSERT, UPDATE or DELETE through {@link #prepare} and {@link #release} with
   * {@code args} bound in order (see {@link #bind}); returns the affected row count.
   */
  default int update(Connection c, String sql, Object... args) throws SQLException {
    PreparedStatement ps = prepare(c, sql);
    int count;
    try {
      bind(ps, args);
      count = ps.executeUpdate();
    } catch (SQLException | RuntimeException e) {
      releaseAfter(ps, e);
      throw e;
    }
    release(ps);
    return count;
  }

  /** Runs one query through {@link #prepare} and {@link #release} with {@code args} bound in order, read by {@code rows}. */
  default <T> T query(Connection c, String sql, Rows<T> rows, Object... args) throws SQLException {
    PreparedStatement ps = prepare(c, sql);
    T result;
    try {
      bind(ps, args);
      try (ResultSet rs = ps.executeQuery()) {
        result = rows.read(rs);
      }
    } catch (SQLException | RuntimeException e) {
      releaseAfter(ps, e);
      throw e;
    }
    release(ps);
    return result;
  }

  /** Gives back a statement whose use failed with {@code failure}: a failure to release it is added to that one, never hides it. */
  private void releaseAfter(PreparedStatement ps, Exception failure) {
    try {
      release(ps);
    } catch (SQLException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /** Binds {@code args} from parameter 1: strings, longs, ints and byte arrays; {@code null} as SQL NULL. */
  static void bind(PreparedStatement ps, Object... args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case null -> ps.setNull(i + 1, Types.NULL);
        case String s -> ps.setString(i + 1, s);
        case Long n -> ps.setLong(i + 1, n);
        case Integer n -> ps.setInt(i + 1, n);
        case byte[] b -> ps.setBytes(i + 1, b);
        default -> throw new IllegalArgumentException("cannot bind a " + args[i].getClass().getName()
            + " to parameter " + (i + 1));
      }
    }
  }

  /** The column type for binary values ({@code BLOB}, {@code BYTEA}). */
  String blobType();

  /**
   * The clause that share-locks the rows a {@code SELECT} read until the transaction ends
   * ({@code " FOR SHARE"} on PostgreSQL); empty where writers are serialised anyway (SQLite).
   */
  default String shareLock() {
    return "";
  }

  /** This database's full-text index for keyword search in {@link JdbcStore}. */
  KeywordIndex keywordIndex();

  /**
   * Brings {@code schema}'s tables to the newest version its scripts for this database's dialect
   * describe, under a lock that serialises every process starting on the database. A database with
   * the schema's tables but no history (written before schemas were versioned) is baselined at
   * version 0 and brought up from there: version 1 of every schema creates only what is missing.
   * A database whose history holds a version newer than the scripts (written by a newer release)
   * is refused with an {@link IllegalStateException} that says so. Runs once per schema name for
   * this object; later calls return at once.
   */
  void migrate(Schema schema);

  @Override
  void close();
}
