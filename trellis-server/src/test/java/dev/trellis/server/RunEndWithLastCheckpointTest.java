package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run's end (its status and result, the thread's status and values) is committed in the transaction that saves
 * the run's last checkpoint, so the run is never seen done without it and pays one transaction for both; a run
 * whose last checkpoint cannot be saved does not end as a success. Runs use {@code durability: "exit"}, whose one
 * save is always the last (under {@code async} a background save may take it first, and the end commits alone).
 */
class RunEndWithLastCheckpointTest {
  private static final String END_RUN = "UPDATE trellis_runs SET status = ?, result = ?";
  private static final String SAVE_CHECKPOINT = "INSERT INTO checkpoints ";

  @Test
  void aRunsEndIsCommittedInTheTransactionThatSavesItsLastCheckpoint() throws Exception {
    Path dir = TestServers.tempDir();
    List<String> sql;
    try (CountingSqlite counting = CountingSqlite.under(dir);
        TrellisServer server = TestServers.builder().sqlite(dir.resolve("server.db")).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      run(http, newThread(http)); // the system assistant's first use
      counting.reset();
      for (int i = 0; i < 3; i++) {
        HttpClientHelper.Reply r = run(http, newThread(http));
        assertEquals(10, ((Number) r.map().get("count")).intValue(), r.text());
      }
      sql = counting.all();
    }
    int ends = 0;
    for (int i = 0; i < sql.size(); i++) {
      if (!sql.get(i).startsWith(END_RUN)) {
        continue;
      }
      ends++;
      int save = i - 1;
      while (save >= 0 && !sql.get(save).startsWith(SAVE_CHECKPOINT)) {
        // Another transaction begun (or joined) between the save and the end would commit them apart.
        String between = sql.get(save);
        assertTrue(!between.equals("BEGIN IMMEDIATE") && !between.startsWith("SAVEPOINT") && !between.equals("COMMIT"),
            "the run's end is not in the transaction of its last checkpoint (" + between + " between):\n"
                + String.join("\n", sql.subList(Math.max(0, save - 5), i + 1)));
        save--;
      }
      assertTrue(save >= 0, "no checkpoint saved before the run's end:\n" + String.join("\n", sql));
    }
    assertEquals(3, ends, String.join("\n", sql));
  }

  @Test
  void aRunWhoseLastCheckpointCannotBeSavedEndsInErrorAndTheThreadDoesNotShowIt() {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("size.db"))
        .maxStateBytes(64 * 1024).maxBodyBytes(1 << 20).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = newThread(http);
      assertEquals(10, ((Number) run(http, t).map().get("count")).intValue());
      // The chain runs to its end; only its one save, the last, is too large.
      HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
          "durability", "exit", "input", Map.of("count", 0, "log", List.of("x".repeat(100_000)))));
      assertEquals(200, r.status(), r.text());
      Map<?, ?> error = (Map<?, ?>) r.map().get("__error__");
      assertNotNull(error, r.text());
      assertTrue(String.valueOf(error).contains("state too large"), r.text());
      List<?> runs = http.call("GET", "/threads/" + t + "/runs", null).list();
      assertEquals("error", ((Map<?, ?>) runs.getFirst()).get("status"), runs.toString());
      assertEquals("success", ((Map<?, ?>) runs.getLast()).get("status"), runs.toString());
      assertEquals("error", http.call("GET", "/threads/" + t, null).get("status"));
      // The thread still shows the first run's end: the failed run saved nothing.
      Map<?, ?> values = (Map<?, ?>) http.call("GET", "/threads/" + t + "/state", null).map().get("values");
      assertEquals(10, ((Number) values.get("count")).intValue(), values.toString());
      assertEquals(10, ((List<?>) values.get("log")).size(), values.toString());
    }
  }

  @Test
  void aStreamedRunWhoseLastCheckpointCannotBeSavedSendsItsErrorWithNoGraphEndBeforeIt() {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("end.db"))
        .maxStateBytes(64 * 1024).maxBodyBytes(1 << 20).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply ok = http.call("POST", "/threads/" + newThread(http) + "/runs/stream", Map.of("assistant_id",
          "chain", "durability", "exit", "stream_mode", List.of("events"), "input", Map.of("count", 0, "log", List.of())));
      List<String> okNames = names(ok.text());
      assertEquals(1, graphEnds(ok.text()), ok.text());
      assertTrue(!okNames.contains("error"), ok.text());
      HttpClientHelper.Reply failed = http.call("POST", "/threads/" + newThread(http) + "/runs/stream", Map.of(
          "assistant_id", "chain", "durability", "exit", "stream_mode", List.of("events"),
          "input", Map.of("count", 0, "log", List.of("x".repeat(100_000)))));
      assertTrue(names(failed.text()).contains("error"), failed.text());
      assertEquals(0, graphEnds(failed.text()), "the graph's end was sent for a run that ended in error");
    }
  }

  private static List<String> names(String sse) {
    return HttpClientHelper.events(sse).stream().map(HttpClientHelper.Event::name).toList();
  }

  /** The graph's own on_chain_end events (the run's top level: no parent). */
  private static long graphEnds(String sse) {
    return HttpClientHelper.data(sse, "events").stream().filter(d -> d instanceof Map<?, ?> m
        && "on_chain_end".equals(m.get("event")) && ((List<?>) m.get("parent_ids")).isEmpty()).count();
  }

  private static String newThread(HttpClientHelper http) {
    HttpClientHelper.Reply thread = http.call("POST", "/threads", Map.of());
    assertEquals(200, thread.status(), thread.text());
    return thread.get("thread_id");
  }

  private static HttpClientHelper.Reply run(HttpClientHelper http, String thread) {
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain",
        "durability", "exit", "input", Map.of("count", 0, "log", List.of())));
    assertEquals(200, r.status(), r.text());
    return r;
  }
}
