package dev.trellis.sqlite;

import dev.trellis.diagnostics.Waits;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Copies the write-ahead log into the database file on a thread of its own, so that commits do not. SQLite's own
 * automatic checkpoint runs inside the commit that takes the log past 1,000 pages, holding the writer (and with it
 * every transaction that arrives): in W9 that copy and its two fsyncs took 8 ms every ~19 runs, a third of the
 * writer's time.
 *
 * <p>Every {@link #PERIOD_MILLIS} ms in which something was committed, this thread runs a {@code PASSIVE} checkpoint
 * on its own connection: it copies what it can without waiting for (or blocking) any reader or writer. SQLite starts
 * the log over at a write only when every frame in it has been copied at that moment, which never happens while
 * commits keep arriving; so once the log holds {@link #RESTART_PAGES} pages the thread takes the writer lock between
 * two groups ({@link GroupCommit#betweenGroups}), copies the few frames committed since its last pass, and lets go:
 * the next transaction starts the log over (unless a reader is still reading frames of it; then a later pass tries
 * again). Readers are never waited for. If the log still grows (a reader that stays inside it, or this thread
 * stalled), the writer's own automatic checkpoint at {@link #RESTART_PAGES} × 4 pages (128 MB of log at 4 KB
 * pages) bounds it as before. The log file keeps the size it reached (32 MB at 8,000 pages of 4 KB).
 *
 * <p>Durability is unchanged: a commit writes its frames to the log exactly as before (a process crash after a
 * commit loses nothing); the checkpoint's connection has the database's {@code synchronous} setting, so the copies
 * are synced as SQLite's own checkpoint syncs them.
 */
final class WalCopier implements AutoCloseable {
  /** Log pages at which the copier restarts the log (a system property may change it, for measuring). */
  static final int RESTART_PAGES = Integer.getInteger("trellis.sqlite.walRestartPages", 8_000);
  /** How often the copier copies while commits arrive. */
  static final long PERIOD_MILLIS = Long.getLong("trellis.sqlite.walCopyMillis", 20);

  /** What {@code PRAGMA wal_checkpoint} answered: the log's pages and how many of them are copied. */
  record Pass(boolean busy, long log, long copied) {}

  private final Connection connection;
  private final GroupCommit writer;
  private final int restartPages;
  private final long periodMillis;
  private final Thread thread;
  private volatile boolean closed;
  /** Commits seen at the last pass. */
  private long seen;
  /** Log pages at which the next locked pass runs; raised while a reader keeps the log from starting over. */
  private long lockedAt;
  private long lastLog;

  private WalCopier(Connection connection, GroupCommit writer, int restartPages, long periodMillis) {
    this.connection = connection;
    this.writer = writer;
    this.restartPages = restartPages;
    this.periodMillis = periodMillis;
    this.lockedAt = restartPages;
    this.thread = Thread.ofPlatform().daemon().name("trellis-wal-copier").unstarted(this::loop);
  }

  /** Opens the copier's connection on {@code file} (already in WAL mode) and starts its thread. */
  static WalCopier start(String url, String synchronous, GroupCommit writer) throws SQLException {
    return start(url, synchronous, writer, RESTART_PAGES, PERIOD_MILLIS);
  }

  /** As {@link #start(String, String, GroupCommit)} with other thresholds (tests). */
  static WalCopier start(String url, String synchronous, GroupCommit writer, int restartPages, long periodMillis)
      throws SQLException {
    Connection c = DriverManager.getConnection(url);
    try (Statement st = c.createStatement()) {
      st.execute("PRAGMA busy_timeout=0");
      st.execute("PRAGMA synchronous=" + synchronous);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    WalCopier copier = new WalCopier(c, writer, restartPages, periodMillis);
    copier.thread.start();
    return copier;
  }

  /** The writer connection's automatic checkpoint: the bound if this thread cannot keep the log short. */
  static int autocheckpointPages(int restartPages) {
    return restartPages * 4;
  }

  private void loop() {
    while (!closed) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(periodMillis));
      long commits = writer.commits();
      if (closed || commits == seen) {
        continue;
      }
      seen = commits;
      try {
        pass();
      } catch (SQLException | RuntimeException e) {
        // A failed copy is retried next period; commits go on regardless (and the writer's own checkpoint bounds the log).
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(periodMillis * 10));
      }
    }
  }

  /** One unlocked pass; when the log is long, a second to catch up and a short one under the writer lock. */
  void pass() throws SQLException {
    long t = Waits.now();
    Pass p = checkpoint();
    Waits.since("wal.pass", t);
    if (p.log() < lastLog) {
      lockedAt = restartPages; // the log started over
    }
    lastLog = p.log();
    if (p.log() < lockedAt) {
      return;
    }
    checkpoint(); // what arrived during the first pass, so that little is left for the locked one
    long t0 = Waits.now();
    Pass[] locked = new Pass[1];
    writer.betweenGroups(() -> {
      long t1 = Waits.now();
      locked[0] = checkpoint();
      Waits.since("wal.locked.copy", t1);
    });
    Waits.since("wal.locked", t0);
    // Copied up to the end: the next write starts the log over. If a reader kept frames in use, try again later.
    lockedAt = locked[0].copied() == locked[0].log() ? restartPages : locked[0].log() + restartPages;
  }

  private Pass checkpoint() throws SQLException {
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
      rs.next();
      return new Pass(rs.getInt(1) != 0, rs.getLong(2), rs.getLong(3));
    }
  }

  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      connection.close();
    } catch (SQLException ignored) {
      // nothing left to copy for: the writer's close checkpoints as SQLite does
    }
  }
}
