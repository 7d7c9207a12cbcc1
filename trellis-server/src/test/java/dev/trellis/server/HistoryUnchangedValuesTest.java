package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /history} with {@code unchanged_values: "reference"} sends a value the page's newer
 * states already carry once, naming the checkpoint that carries it; without the flag every
 * state carries its values in full (the SDKs' {@code getHistory}).
 */
class HistoryUnchangedValuesTest {
  static TrellisServer server;
  static HttpClientHelper http;
  static String thread;

  /** A chain run (count and log change every step), then two edits of count alone: log unchanged across three checkpoints. */
  @BeforeAll
  static void thread() {
    server = TestServers.sqlite(TestServers.tempDir());
    http = new HttpClientHelper(server);
    thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    assertEquals(200, http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain",
        "input", Map.of("count", 0))).status());
    for (int count : new int[] {20, 30}) {
      assertEquals(200, http.call("POST", "/threads/" + thread + "/state", Map.of("values", Map.of("count", count),
          "as_node", "n9")).status());
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Map<?, ?> values(Object state) {
    return (Map<?, ?>) ((Map<?, ?>) state).get("values");
  }

  private static String id(Object state) {
    return (String) ((Map<?, ?>) ((Map<?, ?>) state).get("checkpoint")).get("checkpoint_id");
  }

  private static Object unchanged(Object state) {
    return ((Map<?, ?>) state).get("unchanged_values");
  }

  @Test
  void aValueUnchangedSinceTheNewerStateOfThePageIsSentOnceAndNamesItsCheckpoint() {
    List<?> page = http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 4, "unchanged_values", "reference")).list();
    assertEquals(4, page.size());
    List<Integer> log = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    Object newest = page.get(0);
    assertEquals(Map.of("count", 30, "log", log), values(newest));
    assertEquals(Map.of(), unchanged(newest));
    // The first edit and the run's end: log as in the newest state, count their own.
    assertEquals(Map.of("count", 20), values(page.get(1)));
    assertEquals(Map.of("log", id(newest)), unchanged(page.get(1)));
    assertEquals(Map.of("count", 10), values(page.get(2)));
    assertEquals(Map.of("log", id(newest)), unchanged(page.get(2)), "a chain of unchanged states names the one that carries it");
    // The step before the end appended to log: carried again.
    assertEquals(Map.of("count", 9, "log", log.subList(0, 9)), values(page.get(3)));
    assertEquals(Map.of(), unchanged(page.get(3)));
  }

  @Test
  void aPageStartingLowerCarriesTheValueInItsOwnNewestState() {
    List<?> all = http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 2)).list();
    List<?> page = http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 2, "unchanged_values", "reference",
        "before", Map.of("configurable", Map.of("checkpoint_id", id(all.get(0)))))).list();
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), values(page.get(0)).get("log"));
    assertEquals(Map.of("log", id(page.get(0))), unchanged(page.get(1)));
    List<?> byQuery = http.call("GET", "/threads/" + thread + "/history?limit=2&unchanged_values=reference", null).list();
    assertEquals(Map.of("count", 20), values(byQuery.get(1)));
  }

  @Test
  void withoutTheFlagEveryStateCarriesItsValuesInFull() {
    List<?> page = http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 3)).list();
    for (Object state : page) {
      assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), values(state).get("log"));
      assertFalse(((Map<?, ?>) state).containsKey("unchanged_values"));
    }
    assertEquals(422, http.call("POST", "/threads/" + thread + "/history", Map.of("unchanged_values", "sometimes")).status());
  }
}
