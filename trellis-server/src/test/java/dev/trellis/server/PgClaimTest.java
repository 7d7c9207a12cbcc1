package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.Run;
import dev.trellis.server.queue.RunStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The run queue's claim and cancel on PostgreSQL, as several server processes use them at once. */
class PgClaimTest {
  private static String url;
  private static PostgresDatabase pg;
  private static ServerDb db;
  private static RunStore store;

  @BeforeAll
  static void open() {
    url = PgTestDb.freshSchemaUrl();
    pg = PostgresDatabase.connect(url);
    db = new ServerDb(pg, true);
    new dev.trellis.checkpoint.jdbc.JdbcSaver(pg, new dev.trellis.checkpoint.serde.JacksonSerde()); // its tables: a claim reads checkpoints
    store = new RunStore(db);
  }

  @AfterAll
  static void close() {
    pg.close();
    PgTestDb.drop(url);
  }

  /** A pending run due now on {@code thread}, created {@code order} microseconds into a test's second; returns its id. */
  private static String pending(String thread, int order) {
    String run = UUID.randomUUID().toString();
    String created = String.format("2026-01-01T00:00:00.%06d+00:00", order);
    db.tx(c -> db.update(c, "INSERT INTO trellis_runs (run_id, thread_id, assistant_id, owner, status, temporary, "
        + "created_at, updated_at, available_at, attempt) VALUES (?, ?, 'x', '', 'pending', 0, ?, ?, ?, 0)",
        run, thread, created, created, db.tx(db::clock)));
    return run;
  }

  private static List<String> ids(List<Run> runs) {
    return runs.stream().map(Run::runId).toList();
  }

  private static void end(String run) {
    db.tx(c -> db.update(c, "UPDATE trellis_runs SET status = 'success', worker = NULL WHERE run_id = ?", run));
  }

  private static String status(String run) {
    return (String) db.tx(c -> db.row(c, "SELECT status FROM trellis_runs WHERE run_id = ?", run)).get("status");
  }

  @Test
  void aWorkerClaimsTheRunsItsProcessCreatedAndLeavesAnotherProcesssFreshRunToItsCreator() {
    String mine = pending("t-" + UUID.randomUUID(), 1);
    String theirs = pending("t-" + UUID.randomUUID(), 2);
    assertEquals(List.of(mine), ids(store.claim("a", 60_000, 10, List.of(mine), 60_000)),
        "another process's run due for less than the handoff is its creator's");
    assertEquals(List.of(theirs), ids(store.claim("b", 60_000, 10, List.of(), 0)), "asked for help: any due run");
  }

  @Test
  void onlyTheOldestActiveRunOfAThreadIsClaimedAndNoneWhileOneRuns() {
    String thread = "t-" + UUID.randomUUID();
    String first = pending(thread, 1);
    String second = pending(thread, 2);
    assertEquals(List.of(first), ids(store.claim("a", 60_000, 10, List.of(first, second), 0)));
    assertEquals(List.of(), ids(store.claim("b", 60_000, 10, List.of(second), 0)), "the thread is busy");
    end(first);
    assertEquals(List.of(second), ids(store.claim("b", 60_000, 10, List.of(), 0)));
  }

  @Test
  void workersClaimingAtOnceNeverRunTwoRunsOfOneThreadNorOneRunTwice() throws Exception {
    List<String> runs = new ArrayList<>();
    for (int t = 0; t < 20; t++) {
      String thread = "t-" + UUID.randomUUID();
      for (int i = 0; i < 3; i++) {
        runs.add(pending(thread, t * 10 + i));
      }
    }
    ConcurrentLinkedQueue<String> claimed = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> overlaps = new ConcurrentLinkedQueue<>();
    try (var pool = Executors.newFixedThreadPool(4)) {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        String worker = "w" + w;
        workers.add(pool.submit(() -> {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
          while (claimed.size() < runs.size() && System.nanoTime() < deadline) {
            for (Run r : store.claim(worker, 60_000, 3, List.of(), 0)) {
              claimed.add(r.runId());
              overlaps.addAll(db.tx(c -> db.rows(c, "SELECT thread_id FROM trellis_runs WHERE status = 'running' "
                  + "GROUP BY thread_id HAVING COUNT(*) > 1")).stream().map(m -> (String) m.get("thread_id")).toList());
              end(r.runId());
            }
          }
          return null;
        }));
      }
      for (Future<?> f : workers) {
        f.get();
      }
    }
    assertEquals(List.of(), List.copyOf(overlaps), "threads with two running runs");
    assertEquals(runs.size(), claimed.size(), "every run claimed once: " + claimed);
    assertEquals(Set.copyOf(runs), Set.copyOf(claimed));
  }

  @Test
  void aPendingRunClaimedWhileItIsCancelledIsSignalledNotMarkedInterrupted() throws Exception {
    String run = pending("t-" + UUID.randomUUID(), 1);
    try (Connection claimer = DriverManager.getConnection(url)) {
      claimer.setAutoCommit(false);
      try (var st = claimer.prepareStatement("UPDATE trellis_runs SET status = 'running', worker = 'w', attempt = 1 "
          + "WHERE run_id = ?")) {
        st.setString(1, run);
        assertEquals(1, st.executeUpdate()); // claimed, not committed yet: the cancel reads the run as pending
      }
      CountDownLatch started = new CountDownLatch(1);
      Future<Boolean> cancel;
      try (var pool = Executors.newSingleThreadExecutor()) {
        cancel = pool.submit(() -> db.tx(c -> {
          started.countDown();
          return store.cancel(c, run, "interrupt");
        }));
        started.await();
        awaitBlockedOnTheRunsRow();
        claimer.commit();
        assertFalse(cancel.get(60, TimeUnit.SECONDS), "the run was claimed: nobody but its worker ends it");
      }
    }
    Map<String, Object> row = db.tx(c -> db.row(c, "SELECT status, cancel_action FROM trellis_runs WHERE run_id = ?", run));
    assertEquals("running", row.get("status"));
    assertEquals("interrupt", row.get("cancel_action"), "its worker is told to stop");
  }

  /** Waits until a backend of this test waits for a row lock of {@code trellis_runs} (the cancel's write). */
  private static void awaitBlockedOnTheRunsRow() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Long waiting = db.tx(c -> db.jdbc().query(c, "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
          + "AND query LIKE 'UPDATE trellis_runs SET status = ''interrupted''%' AND datname = current_database()",
          rs -> rs.next() ? rs.getLong(1) : 0L));
      if (waiting > 0) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the cancel never waited for the claim's lock");
  }
}
