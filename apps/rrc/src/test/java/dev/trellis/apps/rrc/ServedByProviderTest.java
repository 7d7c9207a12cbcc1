package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What {@code trellis serve} does: ServiceLoader finds RrcProvider; served, it is assistant rrc with the seed's endpoints. */
class ServedByProviderTest {
  @Test
  void serviceLoaderFindsRrcAndTheServedAppExecutes() throws Exception {
    List<GraphProvider> found = ServiceLoader.load(GraphProvider.class).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.graphId().equals("rrc")).toList();
    assertEquals(1, found.size());
    assertEquals(RrcProvider.class, found.getFirst().getClass());
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("rrc-served").resolve("rrc.db")).provider(found.getFirst()).start()) {
      Http http = new Http(server.port());
      assertEquals(200, http.get("/assistants/rrc").status());
      Http.Reply r = http.post("/execute", Map.of("conversation_id", UUID.randomUUID().toString(), "agent_type", "rule_32",
          "message", "Prepare the Rule 32 flaring filing for Coyote Draw 4H"));
      assertEquals(200, r.status(), r.text());
      assertEquals("awaiting_hitl", r.map().get("status"));
      assertEquals(1, http.get("/approvals").list().size());
    }
  }

  @Test
  void withoutTheServersDatabaseTheProviderRefusesNamingTheWayToServeIt() {
    var e = assertThrows(UnsupportedOperationException.class, () -> new RrcProvider().build(null, null));
    assertTrue(e.getMessage().contains("TrellisServer.Builder.provider"));
  }
}
