package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.PgSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two Neura servers on one PostgreSQL share the skip state through the Store: the second
 * turn of a session, served by the other server, skips what the first turn computed, and
 * the session assembler's last slice is seen by both.
 */
class SharedSkipStateTest {
  static TrellisServer server(String url) {
    return TrellisServer.builder().port(0).host("127.0.0.1").postgres(url)
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  @Test
  @SuppressWarnings("unchecked")
  void secondTurnOnAnotherServerSkipsWhatTheFirstComputed() {
    try (PgSchema db = PgSchema.create("neura_"); TrellisServer a = server(db.url()); TrellisServer b = server(db.url())) {
      new Http(a.port()).turn("neura", "pg-1", Map.of("message", "grief since my mother died", "patient_id", "pat-2",
          "session_id", "pg-session"));
      Map<String, Object> second = new Http(b.port()).turn("neura", "pg-2", Map.of("message", "thanks",
          "patient_id", "pat-2", "session_id", "pg-session"));
      List<String> skipped = (List<String>) ((Map<String, Object>) second.get("bundle")).get("skipped");
      assertTrue(skipped.containsAll(List.of("provider_genome", "patient_context", "session_narrative")), skipped.toString());
      assertFalse(skipped.contains("client_signal"), skipped.toString());
      Map<String, Object> replay = new Http(a.port()).turn("neura", "pg-2", Map.of("message", "thanks",
          "patient_id", "pat-2", "session_id", "pg-session"));
      assertEquals(true, ((Map<String, Object>) replay.get("bundle")).get("reused"),
          "the slice server B assembled is the session's last one on server A too");
    }
  }
}
