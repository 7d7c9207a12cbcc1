package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.server.TrellisServer;
import dev.trellis.sqlite.SqliteStore;
import dev.trellis.testkit.TestClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Over the real server (port 0, SQLite, a clock the test moves): sessions end without any
 * client calling {@code opencouch_session_end} — the idle sweep is a system cron the server's
 * scheduler fires — and stateless runs of one session keep each turn's note.
 */
class SessionSweepHttpTest {
  @Test
  void theServersSchedulerEndsIdleSessionsAndPromotesTheirHeldMemories() throws Exception {
    Path db = Files.createTempDirectory("opencouch-sweep").resolve("trellis.db");
    TestClock clock = new TestClock();
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(db).clock(clock)
        .provider(new OpenCouchProvider()).provider(new SessionEndProvider())
        .start()) {
      Http http = new Http(server.port());
      http.turn("quiet", "q-1", "I've been diagnosed with insomnia and work is a lot");
      clock.advance(Duration.ofMinutes(20));
      http.turn("busy", "b-1", "I've been diagnosed with migraines");
      clock.advance(Duration.ofMinutes(11));
      // the sweep is due (every five minutes); "quiet" has been idle 31 minutes, "busy" 11
      try (SqliteStore store = SqliteStore.open(db)) {
        // Session end forgets the held memories first and writes the episodic summary after: wait for both.
        long end = System.currentTimeMillis() + 120_000;
        while (!ended(store) && System.currentTimeMillis() < end) {
          Thread.sleep(100);
        }
        assertTrue(read(() -> store.search(MemoryStore.held("quiet", "q-1"), Map.of(), 10, 0)).isEmpty(),
            "the idle session was never ended");
        assertEquals(List.of("The user has insomnia."), read(() -> texts(store, MemoryStore.kept("quiet", "semantic"))));
        assertEquals(List.of("In an earlier session the user talked about work, sleep and health."),
            read(() -> texts(store, MemoryStore.kept("quiet", "episodic"))));
        assertEquals(1, read(() -> store.search(MemoryStore.held("busy", "b-1"), Map.of(), 10, 0)).size(),
            "an active session is kept");
      }
    }
  }

  @Test
  void twoStatelessRunsOfOneSessionKeepBothNotes() throws Exception {
    Path db = Files.createTempDirectory("opencouch-stateless").resolve("trellis.db");
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(db)
        .provider(new OpenCouchProvider()).provider(new SessionEndProvider())
        .start()) {
      Http http = new Http(server.port());
      for (String m : List.of("work has been so stressful lately", "I can't sleep at night")) {
        Http.Reply r = http.post("/runs/wait", Map.of("assistant_id", "opencouch", "input",
            Map.of("message", m, "user_id", "sam", "session_id", "shared")));
        assertEquals(200, r.status(), r.text());
      }
      try (SqliteStore store = SqliteStore.open(db)) {
        assertEquals(2, store.search(MemoryStore.notes("sam", "shared"), Map.of(), 10, 0).size());
      }
    }
  }

  /**
   * Whether the quiet session's held memories are gone and its summary written; false while the server writes
   * (this second connection's read meets the server's write as SQLITE_BUSY_SNAPSHOT and asks again).
   */
  static boolean ended(SqliteStore store) {
    try {
      return store.search(MemoryStore.held("quiet", "q-1"), Map.of(), 10, 0).isEmpty()
          && !texts(store, MemoryStore.kept("quiet", "episodic")).isEmpty();
    } catch (IllegalStateException busy) {
      return false;
    }
  }

  /** {@code read}, asked again while this second connection meets the server's writes (SQLITE_BUSY_SNAPSHOT). */
  static <T> T read(java.util.function.Supplier<T> read) throws InterruptedException {
    long end = System.currentTimeMillis() + 60_000;
    while (true) {
      try {
        return read.get();
      } catch (IllegalStateException busy) {
        if (System.currentTimeMillis() > end) {
          throw busy;
        }
        Thread.sleep(50);
      }
    }
  }

  static List<String> texts(SqliteStore store, List<String> ns) {
    return store.search(ns, Map.of(), 10, 0).stream().map(i -> String.valueOf(i.value().get("text"))).toList();
  }
}
