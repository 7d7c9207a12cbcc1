package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.PgEventBus;
import dev.trellis.server.queue.PgListener;
import dev.trellis.server.queue.RunEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The event bus contract on PostgreSQL (TRELLIS_PG_URL), in a schema of its own. */
class PgEventBusTest extends EventBusContract {
  private static String url;
  private static PostgresDatabase database;
  private static PgListener listener;
  private static PgEventBus bus;
  private static ServerDb db;

  @BeforeAll
  static void open() {
    url = PgTestDb.freshSchemaUrl();
    database = PostgresDatabase.connect(url);
    listener = new PgListener(url);
    db = new ServerDb(database, true);
    bus = new PgEventBus(db, listener);
  }

  @AfterAll
  static void close() {
    bus.close();
    listener.close();
    database.close();
    PgTestDb.drop(url);
  }

  @Test
  void expiryDeletesTheEventsOfARunWithoutAQueuedRowOnceOlderThanTheKeepTime() {
    String old = "run-" + java.util.UUID.randomUUID();
    long longAgo = db.millis() - EventBus.RESUMABLE_KEEP_MILLIS - 60_000;
    db.tx(c -> db.update(c, "INSERT INTO trellis_run_events (run_id, seq, event, data, at) VALUES (?, 1, 'values', '{}', ?)",
        old, longAgo));
    assertEquals(1, bus.last(old));
    bus.expire();
    assertEquals(0, bus.last(old));
  }

  @Test
  void anEndedRunsEventsStayInMemoryForTheShortKeepTimeOfTheServersClock() throws Exception {
    dev.trellis.testkit.TestClock clock = dev.trellis.testkit.TestClock.running();
    try (PgListener clockedListener = new PgListener(url);
         PgEventBus clocked = new PgEventBus(new ServerDb(database, true, clock), clockedListener)) {
      String ended = "run-" + UUID.randomUUID();
      clocked.publish(ended, new RunEvent(1, "values", "{\"n\":1}"));
      clocked.publish(ended, new RunEvent(2, RunEvent.DONE, "{\"n\":1}"));
      try (EventBus.Subscription late = clocked.subscribe(ended, 0)) {
        assertEquals(1, late.next(10_000).seq(), "a reader just after the end replays the run from memory");
      }
      clock.advance(java.time.Duration.ofMillis(dev.trellis.server.queue.LocalEventBus.SHORT_KEEP_MILLIS + 1_000));
      clocked.publish("run-" + UUID.randomUUID(), new RunEvent(1, RunEvent.DONE, "{}")); // another run's end sweeps
      try (EventBus.Subscription later = clocked.subscribe(ended, 0)) {
        RunEvent first = later.next(10_000);
        assertEquals(RunEvent.DONE, first.event(), "past the keep time by the server's clock only the stored end is left");
        assertEquals(2, first.seq());
      }
    }
  }

  @Test
  void onlyTheLastFiveHundredEndedRunsStayInMemoryAsOnSqlite() throws Exception {
    try (PgListener ownListener = new PgListener(url); PgEventBus own = new PgEventBus(db, ownListener)) {
      List<String> runs = new ArrayList<>();
      for (int i = 0; i < dev.trellis.server.queue.LocalEventBus.SHORT_KEPT + 20; i++) {
        String run = "run-" + UUID.randomUUID();
        runs.add(run);
        own.publish(run, new RunEvent(1, "values", "{\"n\":1}"));
        own.publish(run, new RunEvent(2, RunEvent.DONE, "{\"n\":1}"));
      }
      try (EventBus.Subscription first = own.subscribe(runs.get(0), 0)) {
        RunEvent e = first.next(10_000);
        assertEquals(2, e.seq(), "the first of the runs is past the count kept: only its stored end is left");
      }
      try (EventBus.Subscription last = own.subscribe(runs.get(runs.size() - 1), 0)) {
        assertEquals(1, last.next(10_000).seq(), "the run that ended last replays from memory");
      }
    }
  }

  /** A state of {@code n} messages as a values event's JSON (a long thread's state, each step a few more). */
  private static String state(int n) {
    StringBuilder b = new StringBuilder("{\"messages\":[");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",").append("{\"type\":\"ai\",\"content\":\"message number ").append(i).append(" of the thread\"}");
    }
    return b.append("],\"step\":").append(n).append('}').toString();
  }

  private static long storedChars(String run) {
    return db.tx(c -> db.jdbc().query(c, "SELECT COALESCE(SUM(length(data)), 0) FROM trellis_run_events WHERE run_id = ?",
        rs -> rs.next() ? rs.getLong(1) : 0L, run));
  }

  @Test
  void aRunsStateEventsAreStoredAsWhatChangedAndReadBackWholeFromAnyProcess() throws Exception {
    String run = "run-" + UUID.randomUUID();
    bus.resumable(run); // every event stored (a run nobody else reads stores only its end)
    List<RunEvent> published = new ArrayList<>();
    published.add(new RunEvent(1, "metadata", "{\"run_id\":\"" + run + "\"}"));
    for (int step = 0; step < 40; step++) {
      published.add(new RunEvent(published.size() + 1, "values", state(2_000 + 3 * step)));
      published.add(new RunEvent(published.size() + 1, "updates", "{\"model\":{\"step\":" + step + "}}"));
    }
    published.add(new RunEvent(published.size() + 1, RunEvent.DONE, state(2_000 + 3 * 39)));
    for (RunEvent e : published) {
      bus.publish(run, e);
    }
    long oneState = state(2_117).length();
    long stored = storedChars(run);
    // 41 states of ~126,000 characters: two whole ones (the first, and one after MAX_CHAIN deltas) and what each step added
    assertTrue(stored < 3 * oneState, "stored " + stored + " characters for 41 states of " + oneState);

    try (PgListener otherListener = new PgListener(url);
         PgEventBus other = new PgEventBus(new ServerDb(database, true), otherListener)) {
      for (long after : new long[] {0, 2, 7, 50, published.size() - 2}) {
        try (EventBus.Subscription sub = other.subscribe(run, after)) {
          for (RunEvent expected : published.subList((int) after, published.size())) {
            RunEvent got = sub.next(10_000);
            assertEquals(expected, got, "event " + expected.seq() + " read after " + after);
          }
        }
      }
    }
  }

  private static long storedRows(String run) {
    return db.tx(c -> db.jdbc().query(c, "SELECT COUNT(*) FROM trellis_run_events WHERE run_id = ?",
        rs -> rs.next() ? rs.getLong(1) : 0L, run));
  }

  @Test
  void aRunNobodyElseReadsStoresOnlyItsDoneMarkerAndItsReadersHereGetEveryEvent() throws Exception {
    String run = "run-" + UUID.randomUUID();
    try (EventBus.Subscription sub = bus.subscribe(run, 0)) {
      for (long i = 1; i <= 5; i++) {
        bus.publish(run, new RunEvent(i, "values", "{\"n\":" + i + "}"));
      }
      bus.publish(run, new RunEvent(6, RunEvent.DONE, "{\"n\":5}"));
      for (long i = 1; i <= 6; i++) {
        assertEquals(i, sub.next(10_000).seq());
      }
    }
    assertEquals(1, storedRows(run), "only the done marker is stored");
    try (PgListener otherListener = new PgListener(url);
         PgEventBus other = new PgEventBus(new ServerDb(database, true), otherListener);
         EventBus.Subscription late = other.subscribe(run, 0)) {
      RunEvent done = late.nextDone(10_000);
      assertEquals(6, done.seq(), "a reader elsewhere after the end finds the end");
      assertEquals("{\"n\":5}", done.data());
    }
  }

  @Test
  void aBigDoneMarkerOfARunNobodyElseReadsIsStoredAsAReferenceToTheRunsResult() throws Exception {
    String run = "run-" + UUID.randomUUID();
    String result = state(2_000);
    java.util.function.Function<String, String> rows = id -> id.equals(run) ? result : null; // the run row's result
    try (PgListener listenerA = new PgListener(url); PgEventBus a = new PgEventBus(new ServerDb(database, true), listenerA)) {
      a.results(rows);
      a.publish(run, new RunEvent(1, "metadata", "{}"));
      a.publish(run, new RunEvent(2, RunEvent.DONE, result));
    }
    assertTrue(storedChars(run) < 100, "stored " + storedChars(run) + " characters for a result of " + result.length());
    try (PgListener listenerB = new PgListener(url); PgEventBus b = new PgEventBus(new ServerDb(database, true), listenerB);
         EventBus.Subscription sub = b.subscribe(run, 0)) {
      b.results(rows);
      RunEvent done = sub.nextDone(10_000);
      assertEquals(new RunEvent(2, RunEvent.DONE, result), done, "read back as the run's result");
    }
  }

  @Test
  void aReaderInAnotherProcessGetsEveryEventOfARunExecutingElsewhereThoseBeforeItSubscribedToo() throws Exception {
    String run = "run-" + UUID.randomUUID();
    List<RunEvent> published = new ArrayList<>();
    for (long i = 1; i <= 3; i++) {
      published.add(new RunEvent(i, "values", state(100 + (int) i)));
      bus.publish(run, published.getLast());
    }
    assertEquals(0, storedRows(run), "nobody reads it elsewhere yet");
    try (PgListener otherListener = new PgListener(url);
         PgEventBus other = new PgEventBus(new ServerDb(database, true), otherListener);
         EventBus.Subscription sub = other.subscribe(run, 0)) {
      for (RunEvent expected : published) {
        assertEquals(expected, sub.next(10_000), "event " + expected.seq() + ", published before the reader came");
      }
      CountDownLatch more = new CountDownLatch(1);
      Thread publisher = Thread.ofVirtual().start(() -> {
        try {
          more.await();
        } catch (InterruptedException e) {
          return;
        }
        for (long i = 4; i <= 6; i++) {
          published.add(new RunEvent(i, "values", state(100 + (int) i)));
          bus.publish(run, published.getLast());
        }
        published.add(new RunEvent(7, RunEvent.DONE, state(106)));
        bus.publish(run, published.getLast());
      });
      more.countDown();
      publisher.join();
      for (RunEvent expected : published.subList(3, 7)) {
        assertEquals(expected, sub.next(10_000), "event " + expected.seq() + ", published after the reader came");
      }
    }
  }

  @Override
  protected EventBus bus() {
    return bus;
  }
}
