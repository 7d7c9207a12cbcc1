package dev.trellis.apps.neura;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.KeywordIndex;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.migrations.Migrations;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.SQLiteDataSource;

/**
 * The bundled dataset's in-memory SQLite connection as a {@link JdbcDatabase}, for the {@link Bookings} of a process
 * without a server database (tests, {@link NeuraDeps#bundled()}): transactions serialised on {@code lock} (the
 * dataset's), the schema migrated by the server's runner ({@link Migrations}). Nothing in it outlives the process.
 */
final class MemoryDatabase implements JdbcDatabase {
  private final Connection c;
  private final Object lock;
  private final String url;

  /**
   * The database {@code c} is connected to; {@code url} names it for the migrations' own connections (a named, shared
   * in-memory database: {@code jdbc:sqlite:file:<name>?mode=memory&cache=shared}).
   */
  MemoryDatabase(Connection c, Object lock, String url) {
    this.c = c;
    this.lock = lock;
    this.url = url;
  }

  @Override
  public <T> T transaction(Work<T> work) {
    synchronized (lock) {
      try {
        c.setAutoCommit(false);
        try {
          T out = work.run(c);
          c.commit();
          return out;
        } catch (SQLException | RuntimeException e) {
          c.rollback();
          throw e;
        } finally {
          c.setAutoCommit(true);
        }
      } catch (SQLException e) {
        throw new IllegalStateException("bookings: " + e.getMessage(), e);
      }
    }
  }

  @Override
  public String blobType() {
    return "BLOB";
  }

  @Override
  public KeywordIndex keywordIndex() {
    throw new UnsupportedOperationException("no keyword index for Neura's in-memory bookings");
  }

  /** Runs the schema's SQLite migrations as the server does ({@link Migrations#migrate}), on this in-memory database. */
  @Override
  public void migrate(Schema schema) {
    synchronized (lock) {
      SQLiteDataSource source = new SQLiteDataSource();
      source.setUrl(url);
      Migrations.migrate(source, "sqlite", schema);
    }
  }

  @Override
  public void close() {
    // the dataset closes the connection
  }
}
