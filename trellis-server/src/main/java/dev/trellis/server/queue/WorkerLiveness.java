package dev.trellis.server.queue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a worker is provably dead, so its runs may be taken over at once instead of after its
 * lease. Without proof a worker counts as alive and its runs wait for their leases to expire.
 */
public interface WorkerLiveness extends AutoCloseable {
  /** Proves nothing: every worker counts as alive until its leases expire. */
  WorkerLiveness UNKNOWN = new WorkerLiveness() {
    @Override
    public boolean provablyDead(String workerId) {
      return false;
    }

    @Override
    public void close() {}
  };

  /** True only when {@code workerId} certainly runs nowhere any more (never for this process's own worker). */
  boolean provablyDead(String workerId);

  @Override
  void close();

  /**
   * Liveness by operating-system file locks beside a SQLite file, for processes sharing that
   * file on one machine: each worker holds an exclusive lock on {@code <dir>/<worker id>.lock}
   * for as long as it lives; the system releases it when the process dies, even by
   * {@code kill -9}. A worker whose lock file exists and whose lock can be taken is dead. One
   * whose file is missing (it started before this existed, or its files were removed) proves
   * nothing.
   */
  static WorkerLiveness files(Path dir, String ownId) {
    return new FileLocks(dir, ownId);
  }

  /**
   * Liveness by PostgreSQL session advisory locks, for processes sharing one database: each
   * worker holds the lock keyed by its id on a connection of its own for as long as it lives;
   * the database releases it when that session ends, which it does when the process dies (its
   * socket closes). A worker whose lock can be taken is dead (or lost its connection, in which
   * case the fences refuse its writes). {@code own} is that connection, {@code db} the database
   * the checks run on.
   */
  static WorkerLiveness postgres(dev.trellis.checkpoint.jdbc.JdbcDatabase db, java.sql.Connection own, String ownId) {
    return new PgLocks(db, own, ownId);
  }

  /** See {@link #postgres}. */
  final class PgLocks implements WorkerLiveness {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLiveness.class);
    /** The first key of every worker's lock (two-key advisory locks never meet the one-key thread locks). */
    private static final int SPACE = 0x7472_6c73;
    private final dev.trellis.checkpoint.jdbc.JdbcDatabase db;
    private final java.sql.Connection own;
    private final String ownId;

    private PgLocks(dev.trellis.checkpoint.jdbc.JdbcDatabase db, java.sql.Connection own, String ownId) {
      this.db = db;
      this.own = own;
      this.ownId = ownId;
      try (var ps = own.prepareStatement("SELECT pg_advisory_lock(?, hashtext(?))")) {
        own.setAutoCommit(true);
        ps.setInt(1, SPACE);
        ps.setString(2, ownId);
        ps.execute();
      } catch (java.sql.SQLException e) {
        LOG.warn("worker {} cannot hold its liveness lock ({}); other workers will wait for its leases", ownId,
            e.toString());
      }
    }

    @Override
    public boolean provablyDead(String workerId) {
      if (workerId == null || workerId.equals(ownId)) {
        return false;
      }
      try {
        return db.transaction(c -> {
          boolean free = db.query(c, "SELECT pg_try_advisory_lock(?, hashtext(?))", rs -> rs.next() && rs.getBoolean(1),
              SPACE, workerId);
          if (free) {
            db.query(c, "SELECT pg_advisory_unlock(?, hashtext(?))", rs -> null, SPACE, workerId);
          }
          return free;
        });
      } catch (RuntimeException e) {
        return false;
      }
    }

    @Override
    public void close() {
      try {
        own.close();
      } catch (java.sql.SQLException e) {
        LOG.debug("closing worker {}'s liveness connection: {}", ownId, e.toString());
      }
    }
  }

  /** See {@link #files}. */
  final class FileLocks implements WorkerLiveness {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLiveness.class);
    /** Worker ids that are safe as file names; others prove nothing. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.-]{1,200}");
    private final Path dir;
    private final String ownId;
    private final FileChannel own;
    private final FileLock ownLock;

    private FileLocks(Path dir, String ownId) {
      this.dir = dir;
      this.ownId = ownId;
      FileChannel channel = null;
      FileLock lock = null;
      if (SAFE.matcher(ownId).matches()) {
        try {
          Files.createDirectories(dir);
          channel = FileChannel.open(dir.resolve(ownId + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          lock = channel.tryLock();
        } catch (IOException | OverlappingFileLockException e) {
          LOG.warn("worker {} cannot hold its liveness lock in {} ({}); other workers will wait for its leases",
              ownId, dir, e.toString());
        }
      }
      this.own = channel;
      this.ownLock = lock;
    }

    @Override
    public boolean provablyDead(String workerId) {
      if (workerId == null || workerId.equals(ownId) || !SAFE.matcher(workerId).matches()) {
        return false;
      }
      Path file = dir.resolve(workerId + ".lock");
      if (!Files.exists(file)) {
        return false;
      }
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        FileLock lock = channel.tryLock();
        if (lock == null) {
          return false;
        }
        try {
          Files.deleteIfExists(file);
        } finally {
          lock.release();
        }
        return true;
      } catch (OverlappingFileLockException e) {
        return false; // held by another server in this JVM: alive
      } catch (IOException e) {
        return false;
      }
    }

    @Override
    public void close() {
      try {
        if (ownLock != null) {
          ownLock.release();
          Files.deleteIfExists(dir.resolve(ownId + ".lock"));
        }
        if (own != null) {
          own.close();
        }
      } catch (IOException e) {
        LOG.debug("releasing worker {}'s liveness lock: {}", ownId, e.toString());
      }
    }
  }
}
