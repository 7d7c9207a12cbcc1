package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log is copied into the file and started over by {@link WalCopier}, not by commits; durability is unchanged. */
class WalCopierTest {
  private static final int PAGE = 4096;

  @TempDir
  Path dir;

  @Test
  void theLogIsCopiedIntoTheFileWithoutACommitCopyingIt() throws Exception {
    Path file = dir.resolve("copied.db");
    try (SqliteDatabase db = SqliteDatabase.open(file, "NORMAL")) {
      db.transaction(c -> {
        try (var st = c.createStatement()) {
          st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
        }
        return null;
      });
      // 300 pages: under SQLite's own 1,000-page checkpoint, so no commit copies them.
      db.transaction(c -> {
        try (var ps = c.prepareStatement("INSERT INTO t (id, body) VALUES (?, ?)")) {
          for (int i = 0; i < 300; i++) {
            ps.setInt(1, i);
            ps.setBytes(2, new byte[PAGE]);
            ps.executeUpdate();
          }
        }
        return null;
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (Files.size(file) < 300L * PAGE && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(Files.size(file) >= 300L * PAGE, "the file holds the committed pages without a commit copying them: "
          + Files.size(file) + " bytes");
    }
  }

  @Test
  void theLogStartsOverWhileCommitsGoOn() throws Exception {
    Path file = dir.resolve("restarted.db");
    int restart = 100;
    try (SqliteDatabase db = SqliteDatabase.open(file, "NORMAL", restart, 1)) {
      db.transaction(c -> {
        try (var st = c.createStatement()) {
          st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
        }
        return null;
      });
      for (int i = 0; i < 3_000; i++) {
        int id = i;
        db.transaction(c -> {
          try (var ps = c.prepareStatement("INSERT OR REPLACE INTO t (id, body) VALUES (?, ?)")) {
            ps.setInt(1, id % 50);
            ps.setBytes(2, new byte[2 * PAGE]);
            ps.executeUpdate();
          }
          return null;
        });
      }
      // 3,000 commits of ~5 pages: ~15,000 frames written. The log file keeps the largest size it reached, so a file
      // far shorter than that proves the log started over again and again. How far past 4 x 100 pages it gets depends
      // on scheduling (a commit's own checkpoint skips when it finds the copier mid-pass; a loaded CI machine saw
      // 1,390 pages), so the bound is a fifth of what a log that never started over would hold.
      long walPages = Files.size(dir.resolve("restarted.db-wal")) / (PAGE + 24);
      assertTrue(walPages < 3_000, "the log grew to " + walPages + " pages of ~15,000 written");
    }
  }

  @Test
  void aProcessKilledAfterCommitsLosesNoneOfThem() throws Exception {
    Path file = dir.resolve("crash.db");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        WalCopierCrashChild.class.getName(), file.toString())
        .redirectError(dir.resolve("child.err").toFile()).start();
    AtomicLong confirmed = new AtomicLong(-1);
    Thread reader = Thread.ofPlatform().start(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          confirmed.set(Long.parseLong(line.trim()));
        }
      } catch (java.io.IOException | NumberFormatException ignored) {
        // the child died mid-line: the last whole line counts
      }
    });
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      // Enough commits for the log to start over many times, the copier copying while they go on.
      while (confirmed.get() < 4_000 && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertTrue(confirmed.get() >= 4_000, "the child did not commit: " + Files.readString(dir.resolve("child.err")));
      child.destroyForcibly(); // SIGKILL, mid-commit or mid-copy
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      reader.join(10_000);
    } finally {
      child.destroyForcibly();
    }
    long last = confirmed.get();
    try (SqliteDatabase db = SqliteDatabase.open(file, "NORMAL")) {
      long[] counts = db.read(c -> {
        try (var st = c.createStatement();
            var rs = st.executeQuery("SELECT COUNT(*), COALESCE(MAX(id), -1) FROM t")) {
          rs.next();
          return new long[] {rs.getLong(1), rs.getLong(2)};
        }
      });
      String check = db.read(c -> {
        try (var st = c.createStatement(); var rs = st.executeQuery("PRAGMA integrity_check")) {
          rs.next();
          return rs.getString(1);
        }
      });
      assertEquals("ok", check);
      // Every commit the child saw return is there (ids are consecutive from 0); one more may have landed unconfirmed.
      assertTrue(counts[1] >= last, "committed id " + last + " lost; newest " + counts[1]);
      assertEquals(counts[1] + 1, counts[0], "ids 0.." + counts[1] + " all present");
    }
  }
}
