package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.ThreadStatus;
import dev.trellis.server.db.Threads;
import dev.trellis.server.queue.RunStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A run's end on PostgreSQL decides its thread's status after the runs created on the thread meanwhile. */
class PgRunEndThreadStatusTest {
  private static String url;
  private static PostgresDatabase pg;
  private static ServerDb db;
  private static Threads threads;

  @BeforeAll
  static void open() {
    url = PgTestDb.freshSchemaUrl();
    pg = PostgresDatabase.connect(url);
    db = new ServerDb(pg, true);
    threads = new Threads(db);
  }

  @AfterAll
  static void close() {
    pg.close();
    PgTestDb.drop(url);
  }

  @Test
  void aRunEndingWhileAnotherRunIsCreatedOnItsThreadLeavesTheThreadBusy() throws Exception {
    String thread = "t-" + UUID.randomUUID();
    db.tx(c -> threads.insert(c, thread, "", "g", Map.of()));
    try (Connection creator = DriverManager.getConnection(url)) {
      creator.setAutoCommit(false);
      // A run's creation, not committed yet: the thread marked busy (its row locked), then the new pending run.
      try (var busy = creator.prepareStatement("UPDATE trellis_threads SET status = 'busy' WHERE thread_id = ?");
          var run = creator.prepareStatement("INSERT INTO trellis_runs (run_id, thread_id, assistant_id, owner, status, "
              + "temporary, created_at, updated_at, available_at, attempt) VALUES (?, ?, 'x', '', 'pending', 0, ?, ?, 0, 0)")) {
        busy.setString(1, thread);
        assertEquals(1, busy.executeUpdate());
        String now = ServerDb.now();
        run.setString(1, UUID.randomUUID().toString());
        run.setString(2, thread);
        run.setString(3, now);
        run.setString(4, now);
        assertEquals(1, run.executeUpdate());
      }
      CompletableFuture<Integer> endingPid = new CompletableFuture<>();
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        // The previous run's end: idle unless the thread has an active run (as RunExecution writes it).
        Future<?> end = pool.submit(() -> db.tx(c -> {
          endingPid.complete(db.jdbc().query(c, "SELECT pg_backend_pid()", rs -> rs.next() ? rs.getInt(1) : -1));
          threads.setState(c, thread, ThreadStatus.IDLE, RunStore.noActiveRunSql("trellis_threads.thread_id"), null,
              Map.of(), null);
          return null;
        }));
        awaitWaitingForALock(endingPid.get(60, TimeUnit.SECONDS));
        creator.commit();
        end.get(60, TimeUnit.SECONDS);
      } finally {
        pool.shutdownNow();
      }
    }
    Map<String, Object> row = db.tx(c -> db.row(c, "SELECT status FROM trellis_threads WHERE thread_id = ?", thread));
    assertNotNull(row);
    assertEquals("busy", row.get("status"), "a run is pending on the thread");
  }

  /** Waits until backend {@code pid} waits for a lock (the run end, for the thread row the creation holds). */
  private static void awaitWaitingForALock(int pid) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Long waiting = db.tx(c -> db.jdbc().query(c, "SELECT COUNT(*) FROM pg_stat_activity WHERE pid = " + pid
          + " AND wait_event_type = 'Lock'", rs -> rs.next() ? rs.getLong(1) : 0L));
      if (waiting > 0) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the run's end never waited for the creation's lock on the thread");
  }
}
