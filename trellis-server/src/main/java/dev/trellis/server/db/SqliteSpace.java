package dev.trellis.server.db;

/**
 * Giving disk space back on SQLite. New files are created with {@code auto_vacuum=INCREMENTAL},
 * so pages freed by deleted threads and checkpoints can be returned to the file system by
 * {@link #reclaim} (the janitor calls it every {@link #RECLAIM_EVERY_MILLIS}); a file made before
 * that (auto_vacuum off) keeps its free pages for reuse until {@code trellis db vacuum}
 * rewrites it ({@link #vacuum}).
 */
public final class SqliteSpace {
  /** How often the janitor returns free pages: every 10 minutes. */
  public static final long RECLAIM_EVERY_MILLIS = 10 * 60_000;

  private SqliteSpace() {}

  /** Before the server opens {@code file}: a file that does not exist yet is created incrementally vacuumable. */
  public static void prepare(java.nio.file.Path file) {
    if (java.nio.file.Files.exists(file)) {
      return;
    }
    try {
      java.nio.file.Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        java.nio.file.Files.createDirectories(parent);
      }
      try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath()); var st = c.createStatement()) {
        st.execute("PRAGMA auto_vacuum=INCREMENTAL");
        st.execute("VACUUM");
      }
    } catch (java.sql.SQLException | java.io.IOException e) {
      throw new IllegalStateException("cannot create SQLite file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Returns the file's free pages to the file system (incremental mode only); how many pages were free before. */
  public static long reclaim(dev.trellis.checkpoint.jdbc.JdbcDatabase db) {
    return db.transaction(c -> {
      long free;
      try (var st = c.createStatement(); var rs = st.executeQuery("PRAGMA freelist_count")) {
        rs.next();
        free = rs.getLong(1);
      }
      if (free > 0) {
        try (var st = c.createStatement()) {
          // Run as an update: the driver steps it to the end (a query would step once and free one page).
          st.executeUpdate("PRAGMA incremental_vacuum");
        }
      }
      return free;
    });
  }

  /**
   * Rewrites a SQLite file on a connection of its own (no server may hold it): switches it to
   * incremental auto-vacuum and compacts it; returns the bytes saved.
   */
  public static long vacuum(java.nio.file.Path file) throws java.sql.SQLException {
    long before = file.toFile().length();
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath()); var st = c.createStatement()) {
      st.execute("PRAGMA busy_timeout=10000");
      st.execute("PRAGMA auto_vacuum=INCREMENTAL");
      st.execute("VACUUM");
      st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    return before - file.toFile().length();
  }
}
