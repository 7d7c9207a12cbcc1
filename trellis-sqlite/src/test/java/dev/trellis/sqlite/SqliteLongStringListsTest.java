package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.testkit.LongStringListsContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;

/** Long strings in lists on SQLite: stored once per thread, and never named once gone. */
class SqliteLongStringListsTest extends LongStringListsContract {
  private static Path file;

  @BeforeAll
  static void create() throws Exception {
    file = Files.createTempDirectory("trellis-strings").resolve("checkpoints.db");
  }

  @Override
  protected JdbcDatabase database() {
    return SqliteDatabase.open(file, "NORMAL");
  }

  @Override
  protected Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:sqlite:" + file);
  }
}
