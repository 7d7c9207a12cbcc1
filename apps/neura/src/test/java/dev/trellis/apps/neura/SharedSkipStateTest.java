package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Two Neura servers on one PostgreSQL share the skip state through the Store: the second
 * turn of a session, served by the other server, skips what the first turn computed.
 */
class SharedSkipStateTest {
  static TrellisServer server(String url) {
    return TrellisServer.builder().port(0).host("127.0.0.1").postgres(url)
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  @Test
  @SuppressWarnings("unchecked")
  void secondTurnOnAnotherServerSkipsWhatTheFirstComputed() throws Exception {
    String base = System.getenv("TRELLIS_PG_URL");
    assertNotNull(base, "TRELLIS_PG_URL is not set: run the tests with tmvn, which points it at the local PostgreSQL");
    String schema = "neura_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
    }
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    try (TrellisServer a = server(url); TrellisServer b = server(url)) {
      new Http(a.port()).turn("neura", "pg-1", Map.of("message", "grief since my mother died", "patient_id", "pat-2",
          "session_id", "pg-session"));
      Map<String, Object> second = new Http(b.port()).turn("neura", "pg-2", Map.of("message", "thanks",
          "patient_id", "pat-2", "session_id", "pg-session"));
      List<String> skipped = (List<String>) ((Map<String, Object>) second.get("bundle")).get("skipped");
      assertTrue(skipped.containsAll(List.of("provider_genome", "patient_context", "session_narrative")), skipped.toString());
      assertFalse(skipped.contains("client_signal"), skipped.toString());
    } finally {
      try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }
}
