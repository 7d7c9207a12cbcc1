package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread's long values are stored as a reference to the checkpoint a run left them at, not written into
 * the thread's row again each run; every route that returns them (the thread, a search page, a copy, after a
 * state edit) answers what the row held before, and a values filter SQL cannot answer still sees them.
 */
class ThreadValuesReferenceTest {
  static final List<String> PG_URLS = new ArrayList<>();

  static Stream<Arguments> databases() {
    return TestServers.onBothDatabases("refs.db", PG_URLS);
  }

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  /** A log of 2,000 entries (about 90,000 characters of JSON: over the reference threshold). */
  static List<String> longLog(String tag) {
    List<String> log = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      log.add(String.format("%s entry %04d of a long log, forty chars", tag, i));
    }
    return log;
  }

  static Map<String, Object> run(HttpClientHelper http, String thread, List<?> log) {
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain",
        "input", Map.of("log", log)));
    assertEquals(200, r.status(), r.text());
    return r.map();
  }

  static Object values(HttpClientHelper http, String thread) {
    HttpClientHelper.Reply r = http.call("GET", "/threads/" + thread, null);
    assertEquals(200, r.status(), r.text());
    return r.map().get("values");
  }

  static List<String> search(HttpClientHelper http, Map<String, Object> body) {
    return ThreadSearchTest.ids(http.call("POST", "/threads/search", body));
  }

  static int count(HttpClientHelper http, Map<String, Object> values) {
    return ((Number) http.call("POST", "/threads/count", Map.of("values", values)).body()).intValue();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void longValuesReadBackTheSameThroughTheThreadSearchCopyAndStateEdits(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = db.get().start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String other = http.call("POST", "/threads", Map.of()).get("thread_id");
      String big = http.call("POST", "/threads", Map.of()).get("thread_id");
      String small = http.call("POST", "/threads", Map.of()).get("thread_id");
      run(http, other, longLog("other"));
      Map<String, Object> answer = run(http, big, longLog("big"));
      run(http, small, List.of("short"));
      assertEquals(2010, ((List<?>) answer.get("log")).size());

      assertEquals(answer, values(http, big), "the thread's values are the run's result");
      assertEquals(answer, http.call("GET", "/threads/" + big + "/state", null).map().get("values"));
      assertEquals(List.of(big), search(http, Map.of("ids", List.of(big))).stream().toList());
      @SuppressWarnings("unchecked")
      Map<String, Object> found = (Map<String, Object>) http.call("POST", "/threads/search", Map.of("ids", List.of(big)))
          .list().getFirst();
      assertEquals(answer, found.get("values"), "a search page shows the values");

      // A filter on a list item is checked on the whole values: SQL cannot see into a reference, Java does.
      Map<String, Object> item = Map.of("log", List.of("big entry 0007 of a long log, forty chars"));
      Map<String, Object> firstPage = Map.of("values", item, "sort_by", "thread_id", "sort_order", "asc", "limit", 1);
      assertEquals(List.of(big), search(http, firstPage), "the other long thread before it does not match");
      assertEquals(1, count(http, item));
      Map<String, Object> anyLog = Map.of("log", List.of(9));
      assertEquals(List.of(other, big, small), search(http, Map.of("values", anyLog, "sort_by", "thread_id",
          "sort_order", "asc")));
      assertEquals(List.of(big), search(http, Map.of("values", anyLog, "sort_by", "thread_id", "sort_order", "asc",
          "limit", 1, "offset", 1)));
      assertEquals(3, count(http, anyLog));
      assertEquals(List.of(), search(http, Map.of("values", Map.of("log", List.of("no such entry")))));
      assertEquals(0, count(http, Map.of("log", List.of("no such entry"))));
      assertEquals(List.of(other, big, small), search(http, Map.of("values", Map.of("count", 10), "sort_by", "thread_id",
          "sort_order", "asc")), "what the index holds is found as before");

      String copy = http.call("POST", "/threads/" + big + "/copy", Map.of()).get("thread_id");
      assertEquals(answer, values(http, copy), "a copy shows the values");
      assertEquals(2, count(http, item), "and is found by them");

      assertEquals(200, http.call("POST", "/threads/" + big + "/state", Map.of("values", Map.of("count", 99),
          "as_node", "n9")).status());
      @SuppressWarnings("unchecked")
      Map<String, Object> edited = (Map<String, Object>) values(http, big);
      assertEquals(99, ((Number) edited.get("count")).intValue(), "a state edit shows");
      assertEquals(answer.get("log"), edited.get("log"));

      Map<String, Object> again = run(http, copy, List.of("more"));
      assertEquals(2021, ((List<?>) again.get("log")).size());
      assertEquals(again, values(http, copy), "the copy's own run shows on the copy");
      assertEquals(204, http.call("DELETE", "/threads/" + copy, null).status());
      assertEquals(1, count(http, item));
    }
  }

  static String storedValues(Path file, String thread) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
         var st = c.prepareStatement("SELECT values_json FROM trellis_threads WHERE thread_id = ?")) {
      st.setString(1, thread);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  @Test
  void onlyLongValuesAreStoredAsAReferenceAThreadStoredWholeTurnsIntoOneAndARebuiltIndexReadsIt() throws Exception {
    Path file = TestServers.tempDir().resolve("refs.db");
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      Map<String, Object> first = run(http, t, List.of("short"));
      assertTrue(storedValues(file, t).startsWith("{"), "short values are stored whole: " + storedValues(file, t));
      assertEquals(first, values(http, t));

      Map<String, Object> second = run(http, t, longLog("t"));
      String stored = storedValues(file, t);
      assertTrue(stored.startsWith("\"chain:") && stored.length() < 100, "long values are a reference: " + stored);
      assertEquals(second, values(http, t));
      assertEquals(2021, ((List<?>) second.get("log")).size());
    }
    // Another SQLite version rebuilds the term index from the stored values: a reference is indexed from its values.
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
      st.executeUpdate("UPDATE trellis_thread_terms_built SET sqlite_version = '0.0.0'");
    }
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = search(http, Map.of()).getFirst();
      assertEquals(List.of(t), search(http, Map.of("values", Map.of("count", 20))), "found through the rebuilt index");
      assertEquals(1, count(http, Map.of("count", 20)));
    }
  }

  /** A graph whose output holds a channel no checkpoint keeps ({@code calls}, untracked), as an agent's per-run model call count. */
  static TrellisServer.Builder withUntracked(TrellisServer.Builder b) {
    dev.trellis.graph.Key<List<String>> log = dev.trellis.graph.Key.appending("log", String.class);
    dev.trellis.graph.Key<Integer> calls = dev.trellis.graph.Key.untracked("calls", Integer.class);
    return b.graph("counted", (saver, store) -> dev.trellis.core.StateGraph.of(dev.trellis.graph.Schema.of(log, calls))
        .addNode("a", (s, rt) -> dev.trellis.graph.Update.of(log, List.of("ran"), calls, 7))
        .addEdge(dev.trellis.core.StateGraph.START, "a")
        .compile(dev.trellis.graph.CompileOptions.checkpointer(saver).withStore(store).withName("counted")));
  }

  static String storedResult(Path file, String thread) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
         var st = c.prepareStatement("SELECT result FROM trellis_runs WHERE thread_id = ? ORDER BY created_at DESC LIMIT 1")) {
      st.setString(1, thread);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  @Test
  void aStateWithAChannelNoCheckpointKeepsIsStoredAsReferencesAndReadBackWithThatChannel() throws Exception {
    Path file = TestServers.tempDir().resolve("untracked.db");
    try (TrellisServer server = withUntracked(TestServers.builder().sqlite(file)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "counted",
          "input", Map.of("log", longLog("u"))));
      assertEquals(200, r.status(), r.text());
      String run = (String) r.map().get("run_id");
      Map<String, Object> answer = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals(7, ((Number) answer.get("calls")).intValue(), "the run's output holds the untracked channel");
      assertEquals(2001, ((List<?>) answer.get("log")).size());

      String storedValues = storedValues(file, t);
      assertTrue(storedValues.startsWith("\"counted:") && storedValues.length() < 100,
          "the thread's long values are a reference though the output is not the state: " + storedValues);
      @SuppressWarnings("unchecked")
      Map<String, Object> threadValues = (Map<String, Object>) values(http, t);
      assertEquals(answer.get("log"), threadValues.get("log"));
      assertTrue(!threadValues.containsKey("calls"), "the thread's values are the checkpoint's: " + threadValues.keySet());

      String result = storedResult(file, t);
      assertTrue(result.startsWith("[\"counted:") && result.length() < 200,
          "the result is a reference to the checkpoint and the untracked channel: " + result);
      assertEquals(answer, http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map(),
          "joining the ended run reads the same output back");
    }
  }

  @Test
  void aReferenceWhoseGraphIsNoLongerServedReadsTheCheckpointsValuesForTheThreadAndTheRunsResult() throws Exception {
    Path file = TestServers.tempDir().resolve("unserved.db");
    String t;
    String run;
    Map<String, Object> answer;
    try (TrellisServer server = withUntracked(TestServers.builder().sqlite(file)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "counted",
          "input", Map.of("log", longLog("g"))));
      assertEquals(200, r.status(), r.text());
      run = (String) r.map().get("run_id");
      answer = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
    }
    assertTrue(storedValues(file, t).startsWith("\"counted:"), "stored as a reference: " + storedValues(file, t));
    // The same database served without the graph "counted" (renamed or retired): its threads still show their values.
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      assertEquals(Map.of("log", answer.get("log")), values(http, t), "the thread's values, read from the checkpoint");
      assertEquals(answer, http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map(),
          "the run's result: the checkpoint's values and the untracked channel kept beside the reference");
    }
  }
}
