package dev.trellis.apps.neura;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.KeywordIndex;
import dev.trellis.checkpoint.jdbc.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The bundled dataset's in-memory SQLite connection as a {@link JdbcDatabase}, for the {@link Bookings} of a process
 * without a server database (tests, {@link NeuraDeps#bundled()}): transactions serialised on {@code lock} (the
 * dataset's), the schema's SQLite scripts run in order. Nothing in it outlives the process.
 */
final class MemoryDatabase implements JdbcDatabase {
  private final Connection c;
  private final Object lock;

  MemoryDatabase(Connection c, Object lock) {
    this.c = c;
    this.lock = lock;
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

  @Override
  public void migrate(Schema schema) {
    transaction(conn -> {
      String folder = schema.location() + "/sqlite/";
      for (String script : SCRIPTS) {
        try (InputStream in = schema.loader().getResourceAsStream(folder + script); Statement st = conn.createStatement()) {
          for (String stmt : new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "")
              .split(";\\s*\\n")) {
            if (!stmt.isBlank()) {
              st.execute(stmt);
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return null;
    });
  }

  /** The schema's scripts in order (the dialects' folders hold the same names); a new version is added here too. */
  private static final java.util.List<String> SCRIPTS = java.util.List.of("V1__neura_bookings.sql");

  @Override
  public void close() {
    // the dataset closes the connection
  }
}
