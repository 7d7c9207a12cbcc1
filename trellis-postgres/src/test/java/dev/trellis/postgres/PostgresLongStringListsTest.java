package dev.trellis.postgres;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.testkit.LongStringListsContract;
import dev.trellis.testkit.PgSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Long strings in lists on PostgreSQL: stored once per thread, and never named once gone (a schema of its own). */
class PostgresLongStringListsTest extends LongStringListsContract {
  private static PgSchema schema;

  @BeforeAll
  static void create() {
    schema = PgSchema.create("strings_");
  }

  @AfterAll
  static void drop() {
    schema.close();
  }

  @Override
  protected JdbcDatabase database() {
    return PostgresDatabase.connect(schema.url());
  }

  @Override
  protected Connection connect() throws SQLException {
    return DriverManager.getConnection(schema.url());
  }
}
