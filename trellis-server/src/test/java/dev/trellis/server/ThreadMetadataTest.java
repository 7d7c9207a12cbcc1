package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.testkit.ScenarioRunner;
import dev.trellis.graph.CompileOptions;
import dev.trellis.testkit.JsonValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs stamp {@code graph_id} and {@code assistant_id} into their thread's metadata, as LangGraph's servers do. */
class ThreadMetadataTest {

  /** The test graphs plus the chain graph registered as {@code agent}, the id agent-chat-ui uses. */
  static TrellisServer server(String file) throws IOException {
    JsonNode spec = JsonValues.MAPPER.readTree(Path.of("../examples/chain.json").toFile());
    var graph = ScenarioRunner.graph(spec);
    return TestServers.builder().sqlite(TestServers.tempDir().resolve(file))
        .graph("agent", (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store).withName("agent")))
        .start();
  }

  @Test
  void threadRunWithAnAssistantIsFoundBySearchingItsGraphId() throws IOException {
    try (TrellisServer server = server("stamp.db")) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = http.call("POST", "/threads", Map.of("metadata", Map.of())).get("thread_id");
      String other = http.call("POST", "/threads", Map.of("metadata", Map.of())).get("thread_id");
      HttpClientHelper.Reply run = http.call("POST", "/threads/" + thread + "/runs/wait",
          Map.of("assistant_id", "agent", "input", Map.of()));
      assertEquals(200, run.status(), run.text());

      assertEquals(List.of(thread), ThreadSearchTest.ids(http.call("POST", "/threads/search",
          Map.of("metadata", Map.of("graph_id", "agent")))));
      Map<?, ?> metadata = (Map<?, ?>) ((Map<?, ?>) http.call("GET", "/threads/" + thread, null).body()).get("metadata");
      assertEquals("agent", metadata.get("graph_id"));
      String assistantId = (String) ((Map<?, ?>) http.call("GET", "/threads/" + thread + "/runs", null).list().getFirst())
          .get("assistant_id");
      assertEquals(assistantId, metadata.get("assistant_id"));
      assertEquals(List.of(thread), ThreadSearchTest.ids(http.call("POST", "/threads/search",
          Map.of("metadata", Map.of("assistant_id", assistantId)))));
      assertEquals(Map.of(), ((Map<?, ?>) http.call("GET", "/threads/" + other, null).body()).get("metadata"));
    }
  }

  @Test
  void deletingAnAssistantWithItsThreadsDeletesThreadsWhoseMetadataNamesIt() throws IOException {
    try (TrellisServer server = server("delete.db")) {
      HttpClientHelper http = new HttpClientHelper(server);
      String assistant = http.call("POST", "/assistants", Map.of("graph_id", "chain")).get("assistant_id");
      String named = http.call("POST", "/threads", Map.of("metadata", Map.of("assistant_id", assistant))).get("thread_id");
      String ran = http.call("POST", "/threads", Map.of("metadata", Map.of())).get("thread_id");
      assertEquals(200, http.call("POST", "/threads/" + ran + "/runs/wait",
          Map.of("assistant_id", assistant, "input", Map.of())).status());
      String other = http.call("POST", "/threads", Map.of("metadata", Map.of("assistant_id", "someone-else"))).get("thread_id");

      assertEquals(204, http.call("DELETE", "/assistants/" + assistant + "?delete_threads=true", null).status());
      assertEquals(404, http.call("GET", "/threads/" + named, null).status());
      assertEquals(404, http.call("GET", "/threads/" + ran, null).status());
      assertEquals(200, http.call("GET", "/threads/" + other, null).status());
    }
  }
}
