package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateGraph;
import dev.trellis.graph.Update;
import dev.trellis.policy.CachePolicy;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The node cache on a SQLite file: hits across graph instances, TTL on a movable clock, clearing. */
class SqliteCacheTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);

  /** A clock the test moves by hand. */
  static final class MovableClock extends Clock {
    Instant now = Instant.parse("2026-11-21T00:00:00Z");

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private static CompiledGraph graph(SqliteCache cache, AtomicInteger calls, Duration ttl) {
    return StateGraph.of(Schema.of(LOG))
        .addNode("expensive", (s, rt) -> {
          calls.incrementAndGet();
          return Update.of(LOG, List.of("computed"));
        }, NodeOptions.cache(ttl == null ? CachePolicy.byInput() : CachePolicy.ttl(ttl)))
        .addEdge(StateGraph.START, "expensive").compile(CompileOptions.DEFAULT.withCache(cache));
  }

  @Test
  void cachedNodeIsServedAcrossGraphInstancesAndReportedCached() throws Exception {
    Path file = Files.createTempDirectory("cache").resolve("c.db");
    AtomicInteger calls = new AtomicInteger();
    try (SqliteCache cache = SqliteCache.open(file)) {
      graph(cache, calls, null).invoke(Map.of("log", List.of("in")));
    }
    try (SqliteCache reopened = SqliteCache.open(file)) {
      List<StreamPart> parts = new ArrayList<>();
      try (GraphStream s = graph(reopened, calls, null).stream(Map.of("log", List.of("in")), RunConfig.DEFAULT,
          StreamMode.UPDATES)) {
        s.forEach(parts::add);
      }
      assertEquals(1, calls.get(), "the second run is served from the file");
      StreamPart.Updates u = (StreamPart.Updates) parts.getFirst();
      assertTrue(u.cached());
      assertEquals(Map.of("log", List.of("computed")), u.update());
    }
  }

  @Test
  void entriesExpireAfterTheirTtlAndCanBeCleared() throws Exception {
    MovableClock clock = new MovableClock();
    AtomicInteger calls = new AtomicInteger();
    try (SqliteCache cache = SqliteCache.open(Files.createTempDirectory("cache").resolve("c.db"), clock)) {
      CompiledGraph g = graph(cache, calls, Duration.ofMinutes(5));
      g.invoke(Map.of());
      clock.now = clock.now.plus(Duration.ofMinutes(4));
      g.invoke(Map.of());
      assertEquals(1, calls.get());
      clock.now = clock.now.plus(Duration.ofMinutes(2));
      g.invoke(Map.of());
      assertEquals(2, calls.get(), "expired");
      g.clearCache("expensive");
      g.invoke(Map.of());
      assertEquals(3, calls.get(), "cleared");
    }
  }
}
