package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Checkpoints in one SQLite file (WAL journal): the embedded default. One connection per
 * saver, used under a lock, so a saver is safe for any number of threads; several
 * processes may share the file (SQLite's own locking, with a 10 s busy timeout).
 *
 * <p>{@code synchronous}: {@code NORMAL} (default; a committed checkpoint survives a
 * process crash, and a power loss may lose the last ones) or {@code FULL} (survives power
 * loss too, slower). Close the saver to release the file.
 */
public final class SqliteSaver extends JdbcSaver implements AutoCloseable {
  private final Connection connection;
  private final ReentrantLock lock = new ReentrantLock();
  /** Prepared statements of the one connection, reused (guarded by {@code lock}): parsing SQL costs more than running it. */
  private final java.util.Map<String, PreparedStatement> statements = new java.util.HashMap<>();

  private SqliteSaver(Connection connection, Serde serde) {
    super(serde);
    this.connection = connection;
    migrate();
  }

  /** Opens (creating if needed) the database file with the default serde and {@code synchronous=NORMAL}. */
  public static SqliteSaver open(Path file) {
    return open(file, new JacksonSerde(), "NORMAL");
  }

  public static SqliteSaver open(Path file, Serde serde, String synchronous) {
    if (!List.of("OFF", "NORMAL", "FULL", "EXTRA").contains(synchronous)) {
      throw new IllegalArgumentException("synchronous must be OFF, NORMAL, FULL or EXTRA, got " + synchronous);
    }
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        java.nio.file.Files.createDirectories(parent);
      }
      Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try (var st = c.createStatement()) {
        st.execute("PRAGMA journal_mode=WAL");
        st.execute("PRAGMA synchronous=" + synchronous);
        st.execute("PRAGMA busy_timeout=10000");
      }
      c.setAutoCommit(false);
      return new SqliteSaver(c, serde);
    } catch (SQLException | java.io.IOException e) {
      throw new IllegalStateException("cannot open SQLite checkpoint file " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected <T> T transaction(Work<T> work) {
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
        throw new IllegalStateException("SQLite checkpoint operation failed: " + e.getMessage(), e);
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  protected PreparedStatement prepare(Connection c, String sql) throws SQLException {
    PreparedStatement ps = statements.get(sql);
    if (ps == null) {
      ps = c.prepareStatement(sql);
      statements.put(sql, ps);
    }
    return ps;
  }

  @Override
  protected void release(PreparedStatement ps) throws SQLException {
    ps.clearParameters();
    ps.clearBatch();
  }

  @Override
  protected List<String> schema() {
    return standardSchema("BLOB");
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
      throw new IllegalStateException("closing the SQLite checkpoint file failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }
}
