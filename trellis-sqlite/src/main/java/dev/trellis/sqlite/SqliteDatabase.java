package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One SQLite file (WAL journal) reached through one connection under a lock, with its
 * prepared statements cached (parsing SQL costs more than running it). Safe for any number
 * of threads; several processes may share the file (SQLite's locking, 10 s busy timeout).
 */
public final class SqliteDatabase implements JdbcDatabase {
  private final Connection connection;
  private final ReentrantLock lock = new ReentrantLock();
  private final Map<String, PreparedStatement> statements = new HashMap<>();

  private SqliteDatabase(Connection connection) {
    this.connection = connection;
  }

  /**
   * Opens (creating if needed) {@code file}; {@code synchronous} is {@code NORMAL} (a
   * committed write survives a process crash) or {@code FULL} (also a power loss), or OFF/EXTRA.
   */
  public static SqliteDatabase open(Path file, String synchronous) {
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
        st.execute("PRAGMA journal_mode=WAL");
        st.execute("PRAGMA synchronous=" + synchronous);
        st.execute("PRAGMA busy_timeout=10000");
      }
      c.setAutoCommit(false);
      return new SqliteDatabase(c);
    } catch (SQLException | java.io.IOException e) {
      throw new IllegalStateException("cannot open SQLite file " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public <T> T transaction(Work<T> work) {
    lock.lock();
    try {
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        try {
          connection.rollback();
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
        if (e instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException("SQLite operation failed: " + e.getMessage(), e);
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public PreparedStatement prepare(Connection c, String sql) throws SQLException {
    PreparedStatement ps = statements.get(sql);
    if (ps == null) {
      ps = c.prepareStatement(sql);
      statements.put(sql, ps);
    }
    return ps;
  }

  @Override
  public void release(PreparedStatement ps) throws SQLException {
    ps.clearParameters();
    ps.clearBatch();
  }

  @Override
  public dev.trellis.checkpoint.jdbc.KeywordIndex keywordIndex() {
    return new Fts5KeywordIndex();
  }

  @Override
  public String blobType() {
    return "BLOB";
  }

  @Override
  public void close() {
    lock.lock();
    try {
      for (PreparedStatement ps : statements.values()) {
        ps.close();
      }
      statements.clear();
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("closing the SQLite file failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }
}
