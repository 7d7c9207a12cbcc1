package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Transactions that queue for the writer share a commit, yet each returns committed and fails alone. */
class GroupCommitTest {
  @TempDir
  Path dir;
  private Connection writer;
  private GroupCommit commits;

  @BeforeEach
  void open() throws SQLException {
    writer = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("g.db"));
    try (var st = writer.createStatement()) {
      st.execute("PRAGMA journal_mode=WAL");
      st.execute("CREATE TABLE t (k TEXT PRIMARY KEY)");
    }
    writer.setAutoCommit(false);
    commits = new GroupCommit(writer, Connection::prepareStatement);
  }

  @AfterEach
  void close() throws SQLException {
    writer.close();
  }

  private boolean committed(String key) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("g.db"));
         var ps = c.prepareStatement("SELECT 1 FROM t WHERE k = ?")) {
      ps.setString(1, key);
      try (var rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private void insert(Connection c, String key) throws SQLException {
    try (var ps = c.prepareStatement("INSERT INTO t (k) VALUES (?)")) {
      ps.setString(1, key);
      ps.executeUpdate();
    }
  }

  @Test
  void worksQueuedBehindTheWriterShareOneTransactionAndAFailingOneRollsBackAlone() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    Map<String, Object> outcome = new ConcurrentHashMap<>();
    Map<String, Boolean> seenOnReturn = new ConcurrentHashMap<>();
    Thread first = Thread.ofVirtual().start(() -> {
      commits.run(c -> {
        insert(c, "first");
        try {
          hold.await();
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
        return null;
      });
      outcome.put("first", "ok");
      seenOnReturn.put("first", committedQuietly("first"));
    });
    while (!commits.lock().isLocked()) {
      Thread.onSpinWait();
    }
    List<Thread> queued = new ArrayList<>();
    queued.add(Thread.ofVirtual().start(() -> {
      try {
        commits.run(c -> {
          insert(c, "failing");
          throw new SQLException("this work fails");
        });
      } catch (RuntimeException e) {
        outcome.put("failing", e);
      }
    }));
    queued.add(Thread.ofVirtual().start(() -> {
      commits.run(c -> {
        insert(c, "second");
        return null;
      });
      outcome.put("second", "ok");
      seenOnReturn.put("second", committedQuietly("second"));
    }));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (commits.lock().getQueueLength() < 2 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(2, commits.lock().getQueueLength(), "both works wait for the writer");
    hold.countDown();
    first.join();
    for (Thread t : queued) {
      t.join();
    }
    assertEquals("ok", outcome.get("first"));
    assertEquals("ok", outcome.get("second"));
    assertTrue(outcome.get("failing") instanceof RuntimeException, "the failing work's caller gets its failure");
    assertTrue(committed("first") && committed("second"), "the group's other works are committed");
    assertTrue(!committed("failing"), "the failing work's insert was rolled back");
    assertEquals(Map.of("first", true, "second", true), seenOnReturn, "each work returned only once committed");
  }

  private boolean committedQuietly(String key) {
    try {
      return committed(key);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aTransactionBegunInsideAnotherRunsInItAndFailsAlone() throws Exception {
    commits.run(c -> {
      insert(c, "outer");
      assertThrows(IllegalStateException.class, () -> commits.run(inner -> {
        insert(inner, "inner");
        throw new SQLException("inner fails");
      }));
      commits.run(inner -> {
        insert(inner, "inner-ok");
        return null;
      });
      return null;
    });
    assertTrue(committed("outer"));
    assertTrue(committed("inner-ok"));
    assertTrue(!committed("inner"), "the failed nested transaction's insert was rolled back");
  }

  @Test
  void manyThreadsEachReturnWithTheirWritesCommitted() throws Exception {
    List<Thread> threads = new ArrayList<>();
    Map<String, Boolean> seen = new ConcurrentHashMap<>();
    for (int t = 0; t < 8; t++) {
      int n = t;
      threads.add(Thread.ofVirtual().start(() -> {
        for (int i = 0; i < 50; i++) {
          String key = n + "-" + i;
          commits.run(c -> {
            insert(c, key);
            return null;
          });
          seen.put(key, committedQuietly(key));
        }
      }));
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(400, seen.size());
    assertTrue(seen.values().stream().allMatch(b -> b), "a write was not committed when its transaction returned");
  }
}
