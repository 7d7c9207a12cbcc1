package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.ChildJvm;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * What {@code trellis serve} does: it finds NeuraProvider with ServiceLoader and serves it as
 * assistant {@code neura} — offline by default, on the model named by {@code TRELLIS_MODEL_*}
 * when those are set.
 */
class ServedByProviderTest {
  @Test
  void serviceLoaderFindsNeuraAndTheServedAssistantAnswersATurn() throws Exception {
    List<GraphProvider> found = ServiceLoader.load(GraphProvider.class).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.graphId().equals("neura")).toList();
    assertEquals(1, found.size());
    assertEquals(NeuraProvider.class, found.getFirst().getClass());
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("neura-served").resolve("neura.db"))
        .provider(found.getFirst()).start()) {
      Http http = new Http(server.port());
      Http.Reply assistant = http.get("/assistants/neura");
      assertEquals(200, assistant.status());
      assertEquals(NeuraProvider.MANIFEST_PATH, ((Map<?, ?>) assistant.map().get("metadata")).get("manifest"),
          "the Studio finds the manifest through the assistant's metadata");
      assertEquals(TurnGraphSpec.manifest(), http.get(NeuraProvider.MANIFEST_PATH).map());
      Map<String, Object> s = http.turn("neura", "served-1", Map.of("message", "grief", "patient_id", "pat-2"));
      assertEquals("finalize", ((List<?>) s.get("completed_stages")).getLast());
    }
  }

  @Test
  void withTrellisModelSetTheServedAssistantUsesThatModel() throws Exception {
    try (FakeChatServer model = new FakeChatServer();
         ChildJvm child = ChildJvm.startServer(Map.of("TRELLIS_MODEL_BASE_URL", model.baseUrl(), "TRELLIS_MODEL_NAME", "m"),
             ProviderServerMain.class, Files.createTempDirectory("neura-env").resolve("neura.db").toString())) {
      Map<String, Object> s = new Http(child.port()).turn("neura", "env-1", Map.of("message", "grief and insomnia",
          "patient_id", "pat-2"));
      assertEquals(String.join("", FakeChatServer.TOKENS), String.valueOf(s.get("response")));
      assertEquals(FakeChatServer.EMPATHY, s.get("empathy_note"));
      assertEquals(1, model.structured("Judgement").size(), "the safety classifier's judge");
      assertEquals(1, model.structured("SafetyVerdict").size(), "preflight's injection check");
      assertEquals(1, model.streamed().size(), "the navigator");
      assertEquals("m", model.streamed().getFirst().path("model").asText());
    }
  }
}
