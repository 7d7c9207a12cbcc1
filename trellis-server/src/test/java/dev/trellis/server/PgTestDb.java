package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;

/** A fresh schema on the test PostgreSQL (TRELLIS_PG_URL, started by bin/test) so tests never share run queues. */
final class PgTestDb {
  private PgTestDb() {}

  static String freshSchemaUrl() {
    String url = System.getenv("TRELLIS_PG_URL");
    assertNotNull(url, "TRELLIS_PG_URL is not set: run the tests with bin/test, which starts PostgreSQL");
    String schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  /** Drops the schema a {@link #freshSchemaUrl} made. */
  static void drop(String schemaUrl) {
    String schema = schemaUrl.substring(schemaUrl.indexOf("currentSchema=") + "currentSchema=".length());
    try (Connection c = DriverManager.getConnection(System.getenv("TRELLIS_PG_URL")); var st = c.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
