package dev.trellis.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;

/**
 * A check run inside every write transaction of a {@link JdbcSaver}, before anything is
 * written: a server fences writers with it, so a worker that lost its run's lease can write
 * nothing. Throwing aborts (rolls back) the whole batch.
 */
@FunctionalInterface
public interface WriteGuard {
  /** Lets nothing through unchecked: the default. */
  WriteGuard NONE = (c, threads) -> { };

  /** Checks that writing to {@code threadIds} is still allowed, on the transaction's connection. */
  void check(Connection c, Set<String> threadIds) throws SQLException;
}
