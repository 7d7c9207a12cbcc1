package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server keeps the assistants it read before creating runs, but each creating transaction checks that the one kept
 * is still current: a run never starts with an assistant that was changed or deleted since it was read.
 */
class RecentAssistantsTest {

  @Test
  void aRunAfterAnAssistantChangedStartsWithItsNewConfig() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String id = http.call("POST", "/assistants", Map.of("graph_id", "chain",
          "config", Map.of("recursion_limit", 100))).get("assistant_id");
      assertFalse(resultOfARun(http, id).containsKey("__error__"));
      assertFalse(resultOfARun(http, id).containsKey("__error__")); // the kept assistant
      // The ten-node chain cannot end within three steps: a run with the new config fails.
      assertEquals(200, http.call("PATCH", "/assistants/" + id, Map.of("config", Map.of("recursion_limit", 3))).status());
      Map<String, Object> limited = resultOfARun(http, id);
      assertTrue(String.valueOf(limited.get("__error__")).contains("ecursion"), String.valueOf(limited));
      assertTrue(resultOfARun(http, id).containsKey("__error__"));
    }
  }

  @Test
  void aRunOfAnAssistantDeletedAfterItWasReadIsNotFound() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String id = http.call("POST", "/assistants", Map.of("graph_id", "chain")).get("assistant_id");
      resultOfARun(http, id);
      assertEquals(204 / 100, http.call("DELETE", "/assistants/" + id, null).status() / 100);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply run = http.call("POST", "/threads/" + t + "/runs/wait",
          Map.of("assistant_id", id, "input", Map.of("count", 0)));
      assertEquals(404, run.status(), run.text());
    }
  }

  /** What {@code /runs/wait} answers for a run of {@code assistant} on a new thread. */
  private static Map<String, Object> resultOfARun(HttpClientHelper http, String assistant) {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply run = http.call("POST", "/threads/" + t + "/runs/wait",
        Map.of("assistant_id", assistant, "input", Map.of("count", 0)));
    assertEquals(200, run.status(), run.text());
    return run.map();
  }
}
