package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trellis.server.TrellisServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** On PostgreSQL the crisis log is a table of the server's own database, written once per crisis turn. */
class PostgresCrisisLogTest {
  @Test
  void crisisTurnOnAPostgresServerWritesOneRowToItsTable() throws Exception {
    String base = System.getenv("TRELLIS_PG_URL");
    assertNotNull(base, "TRELLIS_PG_URL is not set: run the tests with tmvn");
    String schema = "couch_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
    }
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").postgres(url)
        .graph(OpenCouch.ASSISTANT, new OpenCouchProvider()).start()) {
      Http http = new Http(server.port());
      http.turn("pg-user", "pg-1", "I've been thinking about suicide");
      http.turn("pg-user", "pg-1", "thanks for listening");
      try (Connection c = DriverManager.getConnection(url); var st = c.createStatement();
           ResultSet rs = st.executeQuery("SELECT count(*), min(severity), min(user_id) FROM opencouch_crisis_log")) {
        rs.next();
        assertEquals(1, rs.getInt(1));
        assertEquals("high", rs.getString(2));
        assertEquals("pg-user", rs.getString(3));
      }
    } finally {
      try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }
}
