package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.testkit.CacheContract;
import dev.trellis.testkit.TestClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache contract on a SQLite file, and entries that outlive the process that wrote them. */
class SqliteCacheTest extends CacheContract {
  @TempDir
  Path dir;

  @Override
  protected Cache cache(TestClock clock) {
    try {
      return SqliteCache.open(Files.createTempFile(dir, "cache", ".db"), clock);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void entriesSurviveReopeningTheFile() {
    Path file = dir.resolve("kept.db");
    try (SqliteCache cache = SqliteCache.open(file)) {
      cache.set("ns", "k", "v", null);
    }
    try (SqliteCache reopened = SqliteCache.open(file)) {
      assertEquals(Optional.of("v"), reopened.get("ns", "k"));
    }
  }
}
