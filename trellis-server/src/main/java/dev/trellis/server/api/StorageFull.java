package dev.trellis.server.api;

import java.sql.SQLException;

/**
 * Whether a failure is the database's disk being full (SQLite's {@code SQLITE_FULL}, PostgreSQL's
 * SQLSTATE {@code 53100}): the request's transaction was rolled back and the database takes writes
 * again once there is room, so the reply says so (507) instead of an internal error.
 */
final class StorageFull {
  private StorageFull() {}

  /** The reply's detail. */
  static final String DETAIL = "the database's disk is full: this request's writes were rolled back (work already "
      + "committed is kept); the server takes writes again once there is room";

  static boolean in(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && ("53100".equals(s.getSQLState())
          || String.valueOf(s.getMessage()).contains("[SQLITE_FULL]"))) {
        return true;
      }
    }
    return false;
  }
}
