package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Checkpoints of a server run record the thread, run, graph and configurable values in their metadata. */
class CheckpointMetadataTest {

  @Test
  void everyCheckpointOfARunRecordsThreadRunGraphAndConfigurableValues() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      Map<String, Object> run = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("count", 0),
          "config", Map.of("configurable", Map.of("user_tier", "gold", "__hidden", "x", "nested", Map.of("a", 1))),
          "metadata", Map.of("thread_id", "not-overridden-by-the-server-when-the-client-set-it")))
          .map();
      assertTrue(run.containsKey("count"), String.valueOf(run));
      List<?> history = http.call("POST", "/threads/" + t + "/history", Map.of("limit", 100)).list();
      assertFalse(history.isEmpty());
      for (Object h : history) {
        Map<?, ?> meta = (Map<?, ?>) ((Map<?, ?>) h).get("metadata");
        assertEquals("not-overridden-by-the-server-when-the-client-set-it", meta.get("thread_id"), String.valueOf(meta));
        assertEquals("chain", meta.get("graph_id"), String.valueOf(meta));
        assertTrue(meta.get("run_id") instanceof String, String.valueOf(meta));
        assertTrue(meta.get("assistant_id") instanceof String, String.valueOf(meta));
        assertEquals("gold", meta.get("user_tier"), String.valueOf(meta));
        assertFalse(meta.containsKey("__hidden"), String.valueOf(meta));
        assertFalse(meta.containsKey("nested"), String.valueOf(meta));
      }
    }
  }

  @Test
  void withoutClientMetadataTheThreadIdIsTheRunsThread() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
      Map<?, ?> state = http.call("GET", "/threads/" + t + "/state", null).map();
      assertEquals(t, ((Map<?, ?>) state.get("metadata")).get("thread_id"), String.valueOf(state));
    }
  }
}
