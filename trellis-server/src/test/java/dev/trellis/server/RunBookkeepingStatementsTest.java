package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * What the server asks SQLite to create, claim and end a run (W9's operation: create a thread,
 * then {@code /runs/wait} on it), counted at the JDBC driver: the run's own bookkeeping reads
 * each thing it needs once.
 */
class RunBookkeepingStatementsTest {
  private static final int RUNS = 4;

  @Test
  void theAssistantIsReadOnceAndOnlyCheckedUnchangedInEachCreatingTransaction() throws Exception {
    List<String> sql = statementsOfRuns();
    // The warm-up run's creation read the assistant whole on a reader and the server kept it; each later creation's
    // transaction checks its id, version and update time only (the claim, when there is one, reads it joined to the
    // run row it reads anyway).
    assertEquals(0, count(sql, s -> s.startsWith("SELECT * FROM trellis_assistants")),
        "assistant reads:\n" + String.join("\n", sql));
    assertEquals(RUNS, count(sql, s -> s.startsWith("SELECT assistant_id, version, updated_at FROM trellis_assistants")),
        "checks that the assistant is unchanged:\n" + String.join("\n", sql));
    assertEquals(RUNS, count(sql, s -> s.contains("FROM trellis_assistants")), "assistant lookups:\n" + String.join("\n", sql));
  }

  @Test
  void theThreadsOwnerAndMetadataAreReadOncePerRun() throws Exception {
    List<String> sql = statementsOfRuns();
    assertEquals(RUNS, count(sql, select(s -> s.contains("owner") && s.contains("trellis_threads"))),
        "reads of the thread's owner:\n" + String.join("\n", sql));
    assertEquals(0, count(sql, s -> s.equals("SELECT metadata FROM trellis_threads WHERE thread_id = ?")),
        "the thread's metadata is read with its owner:\n" + String.join("\n", sql));
  }

  @Test
  void theThreadsActiveRunsAreQueriedOncePerRun() throws Exception {
    List<String> sql = statementsOfRuns();
    // Only statements about one thread count: the worker's queue poll (by available_at) and its sweeps every half
    // lease (running workers, expired threads) look at every thread's runs, and a sweep may fall inside the window.
    assertEquals(RUNS, count(sql, select(s -> s.contains("trellis_runs") && s.contains("'running'")
        && !s.contains("available_at") && ofOneThread(s))), "queries for a thread's active runs:\n" + String.join("\n", sql));
  }

  @Test
  void aRunOnANewThreadDoesNotReadTheThreadsNonexistentCheckpoint() throws Exception {
    List<String> sql = statementsOfRuns();
    // The creating transaction found no checkpoint (checkpoint_before ""), and the busy thread gets none but the run's.
    assertEquals(0, count(sql, s -> s.startsWith(NEWEST_CHECKPOINT)), "reads of the newest checkpoint:\n" + String.join("\n", sql));
  }

  @Test
  void aSecondRunOnTheSameThreadStartsFromTheFirstRunsState() throws Exception {
    Path dir = TestServers.tempDir();
    try (CountingSqlite sql = CountingSqlite.under(dir);
        TrellisServer server = TestServers.builder().sqlite(dir.resolve("server.db")).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
      for (int run = 1; run <= 2; run++) {
        sql.reset();
        HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait",
            Map.of("assistant_id", "chain", "input", Map.of("count", 0, "log", List.of())));
        assertEquals(200, r.status(), r.text());
        assertEquals(10 * run, ((List<?>) r.map().get("log")).size(), r.text());
        assertEquals(run - 1, sql.count(s -> s.startsWith(NEWEST_CHECKPOINT)), "the thread's checkpoint is read when it has one");
      }
    }
  }

  @Test
  void aRunsEndIsFencedByItsOwnUpdateOfTheRunRowWithoutReadingItFirst() throws Exception {
    // durability exit: the run's one save is its last, in the end's transaction (async may save in the background,
    // whose transactions still check the run row).
    Path dir = TestServers.tempDir();
    List<String> sql;
    try (CountingSqlite counting = CountingSqlite.under(dir);
        TrellisServer server = TestServers.builder().sqlite(dir.resolve("server.db")).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      threadAndWait(http, "exit");
      counting.reset();
      for (int i = 0; i < RUNS; i++) {
        threadAndWait(http, "exit");
      }
      sql = counting.all();
    }
    assertEquals(0, count(sql, s -> s.startsWith("SELECT attempt, worker, status FROM trellis_runs")),
        "reads of the run row's holder:\n" + String.join("\n", sql));
    assertEquals(RUNS, count(sql, s -> s.startsWith("UPDATE trellis_runs SET status = ?, result = ?")
        && s.contains("worker = ? AND attempt = ? AND status = 'running'")), "fenced ends:\n" + String.join("\n", sql));
  }

  private static final String NEWEST_CHECKPOINT = "SELECT checkpoint_id, parent_checkpoint_id, checkpoint, metadata "
      + "FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1";

  /** The statements of {@link #RUNS} runs, each on a new thread, after one run of warm-up (the system assistant's first use). */
  private static List<String> statementsOfRuns() throws Exception {
    return statementsOfRuns(TestServers.tempDir(), RUNS);
  }

  /** The statements of {@code runs} runs on a server whose file is {@code dir/server.db}, each on a new thread, after one of warm-up. */
  static List<String> statementsOfRuns(Path dir, int runs) throws Exception {
    try (CountingSqlite sql = CountingSqlite.under(dir);
        TrellisServer server = TestServers.builder().sqlite(dir.resolve("server.db")).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      threadAndWait(http);
      sql.reset();
      for (int i = 0; i < runs; i++) {
        threadAndWait(http);
      }
      return sql.all();
    }
  }

  private static long count(List<String> sql, Predicate<String> p) {
    return sql.stream().filter(p).count();
  }

  /** Whether {@code sql} is bound to one thread's id: {@code thread_id = ?}, or the run creation's {@code CAST(? AS TEXT) AS id}. */
  private static boolean ofOneThread(String sql) {
    return sql.contains("thread_id = ?") || sql.contains("CAST(? AS TEXT) AS id");
  }

  private static Predicate<String> select(Predicate<String> p) {
    return s -> s.startsWith("SELECT") && p.test(s);
  }

  /** A new thread and a run of the chain graph on it, waited for: its reply, checked. */
  static HttpClientHelper.Reply threadAndWait(HttpClientHelper http) {
    return threadAndWait(http, "async");
  }

  /** As {@link #threadAndWait(HttpClientHelper)}, with the run's {@code durability}. */
  static HttpClientHelper.Reply threadAndWait(HttpClientHelper http, String durability) {
    HttpClientHelper.Reply thread = http.call("POST", "/threads", Map.of());
    assertEquals(200, thread.status(), thread.text());
    HttpClientHelper.Reply run = http.call("POST", "/threads/" + thread.get("thread_id") + "/runs/wait",
        Map.of("assistant_id", "chain", "durability", durability, "input", Map.of("count", 0, "log", List.of())));
    assertEquals(200, run.status(), run.text());
    assertEquals(10, ((Number) run.map().get("count")).intValue(), run.text());
    return run;
  }
}
