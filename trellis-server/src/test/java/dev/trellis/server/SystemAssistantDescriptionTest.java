package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A system assistant takes the description its provider (or trellis.json) gives now, also on a database that knew an older one. */
class SystemAssistantDescriptionTest {
  static final Key<String> TEXT = Key.of("text", String.class);

  private static GraphProvider described(String description) {
    return new GraphProvider() {
      @Override
      public String graphId() {
        return "described";
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public CompiledGraph build(CheckpointSaver saver, Store store) {
        return StateGraph.of(Schema.of(TEXT)).addNode("say", (s, rt) -> Update.of(TEXT, "hi"))
            .addSequence(StateGraph.START, "say", StateGraph.END)
            .compile(CompileOptions.checkpointer(saver).withStore(store));
      }
    };
  }

  private static Map<String, Object> assistant(Path db, String description) {
    try (TrellisServer server = TrellisServer.builder().host("127.0.0.1").port(0).sqlite(db)
        .provider(described(description)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      Map<String, Object> a = http.call("GET", "/assistants/described", null).map();
      a.put("versions", http.call("POST", "/assistants/described/versions", Map.of()).list().size());
      return a;
    }
  }

  @Test
  void aChangedDescriptionBecomesTheSystemAssistantsNextVersion() {
    Path db = TestServers.tempDir().resolve("described.db");
    assertEquals("first words", assistant(db, "first words").get("description"));
    Map<String, Object> again = assistant(db, "first words");
    assertEquals(1, again.get("versions"), "the same description: no new version");
    Map<String, Object> changed = assistant(db, "better words");
    assertEquals("better words", changed.get("description"));
    assertEquals(2, changed.get("versions"));
    assertEquals("better words", assistant(db, null).get("description"), "no description now: the last one stays");
  }
}
