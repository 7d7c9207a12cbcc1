package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code threads.create} with supersteps accepts LangGraph's {@code __input__} pseudo-node. */
class ThreadSuperstepsTest {

  @Test
  void aThreadCreatedWithAnInputSuperstepRunsFromThatInput() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply created = http.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain"), "supersteps",
          List.of(Map.of("updates", List.of(Map.of("as_node", "__input__", "values", Map.of("count", 5)))))));
      assertEquals(200, created.status(), created.text());
      String t = created.get("thread_id");
      Map<?, ?> state = http.call("GET", "/threads/" + t + "/state", null).map();
      assertEquals(List.of("__start__"), state.get("next"), String.valueOf(state));
      HttpClientHelper.Reply done = http.call("POST", "/threads/" + t + "/runs/wait", java.util.Collections.singletonMap(
          "assistant_id", "chain"));
      assertEquals(200, done.status(), done.text());
      assertEquals(15, ((Number) done.map().get("count")).intValue(), done.text());
    }
  }
}
