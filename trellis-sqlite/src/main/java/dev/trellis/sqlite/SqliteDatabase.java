package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.migrations.Migrations;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.StandardOpenOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite file (WAL journal): writes go through one connection under a lock, and the
 * transactions of threads that queue for it share commits ({@link GroupCommit}); reads
 * ({@link #read}) through up to {@link #READERS} reader connections of their own, which in WAL
 * mode see a consistent snapshot without waiting for the writer or holding it up. Prepared
 * statements are cached per connection (parsing SQL costs more than running it). Safe for any
 * number of threads; several processes may share the file (SQLite's locking, 10 s busy timeout).
 */
public final class SqliteDatabase implements JdbcDatabase {
  /** Reader connections opened at most; a read finding all busy waits for one. */
  static final int READERS = 4;
  /** The in-process side of each file's migration lock, by lock file. */
  private static final Map<Path, ReentrantLock> MIGRATING = new ConcurrentHashMap<>();

  private final Path file;
  private final Connection connection;
  private final GroupCommit writer;
  private final ReentrantLock lock;
  /** Copies the log into the file off the commit path. */
  private final WalCopier copier;
  /** Statements by connection (the writer's and each reader's), each map used by its connection's one holder. */
  private final Map<Connection, Map<String, PreparedStatement>> statements = new ConcurrentHashMap<>();
  private final BlockingQueue<Connection> idleReaders = new ArrayBlockingQueue<>(READERS);
  private final Semaphore readers = new Semaphore(READERS);
  private final List<Connection> opened = new CopyOnWriteArrayList<>();
  private volatile boolean closed;
  /** Names of the schemas migrated through this object. */
  private final java.util.Set<String> migrated = ConcurrentHashMap.newKeySet();

  private SqliteDatabase(Path file, Connection connection, String synchronous, int restartPages, long copyMillis)
      throws SQLException {
    this.file = file;
    this.connection = connection;
    this.writer = new GroupCommit(connection, new GroupCommit.Statements() {
      @Override
      public PreparedStatement prepare(Connection c, String sql) throws SQLException {
        return SqliteDatabase.this.prepare(c, sql);
      }

      @Override
      public void release(PreparedStatement ps) {
        SqliteDatabase.this.release(ps);
      }
    });
    this.lock = writer.lock();
    this.copier = WalCopier.start("jdbc:sqlite:" + file, synchronous, writer, restartPages, copyMillis);
  }

  /**
   * Opens (creating if needed) {@code file}; {@code synchronous} is {@code NORMAL} (a
   * committed write survives a process crash) or {@code FULL} (also a power loss), or OFF/EXTRA.
   */
  public static SqliteDatabase open(Path file, String synchronous) {
    return open(file, synchronous, WalCopier.RESTART_PAGES, WalCopier.PERIOD_MILLIS);
  }

  /** As {@link #open(Path, String)}, the log started over at {@code restartPages} and copied every {@code copyMillis}. */
  static SqliteDatabase open(Path file, String synchronous, int restartPages, long copyMillis) {
    if (!List.of("OFF", "NORMAL", "FULL", "EXTRA").contains(synchronous)) {
      throw new IllegalArgumentException("synchronous must be OFF, NORMAL, FULL or EXTRA, got " + synchronous);
    }
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try (var st = c.createStatement()) {
        // The busy timeout first: switching a new file to WAL waits for another opener doing the same.
        st.execute("PRAGMA busy_timeout=10000");
        st.execute("PRAGMA journal_mode=WAL");
        st.execute("PRAGMA synchronous=" + synchronous);
        // The copier keeps the log short; SQLite's own checkpoint in a commit stays as the bound if it cannot.
        st.execute("PRAGMA wal_autocheckpoint=" + WalCopier.autocheckpointPages(restartPages));
      }
      c.setAutoCommit(false);
      try {
        return new SqliteDatabase(file.toAbsolutePath(), c, synchronous, restartPages, copyMillis);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
    } catch (SQLException | java.io.IOException e) {
      throw new IllegalStateException("cannot open SQLite file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads on a reader connection: a WAL snapshot that neither waits for the writer nor blocks it
   * (a read that needs this process's uncommitted writes belongs in the writing transaction).
   */
  @Override
  public <T> T read(Work<T> work) {
    Connection reader = borrowReader();
    try {
      try {
        T result = work.run(reader);
        reader.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        try {
          reader.rollback();
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
        if (e instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException("SQLite read failed: " + e.getMessage(), e);
      }
    } finally {
      idleReaders.add(reader);
      readers.release();
    }
  }

  private Connection borrowReader() {
    try {
      readers.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a SQLite reader", e);
    }
    Connection c = idleReaders.poll();
    if (c != null) {
      return c;
    }
    try {
      if (closed) {
        throw new IllegalStateException("the SQLite file " + file + " is closed");
      }
      c = DriverManager.getConnection("jdbc:sqlite:" + file);
      try (var st = c.createStatement()) {
        st.execute("PRAGMA busy_timeout=10000");
        st.execute("PRAGMA query_only=ON");
      }
      c.setAutoCommit(false);
      opened.add(c);
      return c;
    } catch (SQLException | RuntimeException e) {
      readers.release();
      throw new IllegalStateException("cannot open a reader on SQLite file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Runs {@code work} on the writer connection; returns once it is committed. Transactions of
   * threads that arrive while the writer is busy share one commit ({@link GroupCommit}).
   */
  @Override
  public <T> T transaction(Work<T> work) {
    return writer.run(work);
  }

  @Override
  public PreparedStatement prepare(Connection c, String sql) throws SQLException {
    Map<String, PreparedStatement> cached = statements.computeIfAbsent(c, k -> new HashMap<>());
    PreparedStatement ps = cached.get(sql);
    if (ps == null) {
      ps = c.prepareStatement(sql);
      cached.put(sql, ps);
    }
    return ps;
  }

  /**
   * Clears a cached statement for its next use. One the driver finalized (it does when a step fails
   * with SQLITE_FULL: a full disk) cannot be cleared: it leaves the cache, and the next
   * {@link #prepare} of its SQL prepares it again, so one full disk does not fail that SQL forever.
   */
  @Override
  public void release(PreparedStatement ps) {
    try {
      ps.clearParameters();
      ps.clearBatch();
    } catch (SQLException finalized) {
      for (Map<String, PreparedStatement> cached : statements.values()) {
        cached.values().remove(ps);
      }
      try {
        ps.close();
      } catch (SQLException ignored) {
        // already unusable; the cache no longer holds it
      }
    }
  }

  @Override
  public dev.trellis.checkpoint.jdbc.KeywordIndex keywordIndex() {
    return new Fts5KeywordIndex();
  }

  @Override
  public String blobType() {
    return "BLOB";
  }

  /**
   * Runs {@code schema}'s SQLite scripts on a connection of its own, holding this object's writer
   * lock (no transaction of this process runs meanwhile) and an exclusive lock on
   * {@code <file>.migrate-lock} (none of another process starts migrating meanwhile).
   */
  @Override
  public void migrate(Schema schema) {
    if (migrated.contains(schema.name())) {
      return;
    }
    Path lockPath = file.resolveSibling(file.getFileName() + ".migrate-lock");
    // A file lock is held per process: objects of this process on one file take turns on the JVM's own lock first.
    ReentrantLock inProcess = MIGRATING.computeIfAbsent(lockPath, k -> new ReentrantLock());
    inProcess.lock();
    lock.lock();
    try (FileChannel lockFile = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock held = lockFile.lock()) {
      if (migrated.contains(schema.name())) {
        return;
      }
      SQLiteDataSource source = new SQLiteDataSource();
      source.setUrl("jdbc:sqlite:" + file);
      source.setBusyTimeout(10_000);
      Migrations.migrate(source, "sqlite", schema);
      migrated.add(schema.name());
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot lock " + lockPath + " for migrating: " + e.getMessage(), e);
    } finally {
      lock.unlock();
      inProcess.unlock();
    }
  }

  @Override
  public void close() {
    copier.close();
    writer.close();
    lock.lock();
    try {
      closed = true;
      for (Map<String, PreparedStatement> cached : statements.values()) {
        for (PreparedStatement ps : cached.values()) {
          ps.close();
        }
      }
      statements.clear();
      for (Connection reader : opened) {
        reader.close();
      }
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("closing the SQLite file failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }
}
