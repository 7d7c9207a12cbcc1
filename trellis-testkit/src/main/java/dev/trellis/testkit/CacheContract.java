package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CachePolicy;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every node {@link Cache} must have; a cache's test extends this and supplies
 * {@link #cache(TestClock)}, called once per test (closed after it when
 * {@link AutoCloseable}). Namespaces are unique per test, so a shared database needs no
 * cleaning; {@link #clearWithoutNamespacesRemovesEverything} empties the whole cache.
 */
public abstract class CacheContract {
  /** A cache reading time from {@code clock}; it may share storage with the caches of other tests. */
  protected abstract Cache cache(TestClock clock);

  private final String ns = "ns-" + UUID.randomUUID();
  private final TestClock clock = new TestClock();
  private Cache cache;

  @BeforeEach
  void open() {
    cache = cache(clock);
  }

  @AfterEach
  void close() throws Exception {
    if (cache instanceof AutoCloseable c) {
      c.close();
    }
  }

  private Cache cache() {
    return cache;
  }

  @Test
  void aKeyNeverSetIsAbsent() {
    assertEquals(Optional.empty(), cache().get(ns, List.of("nothing", 1)));
  }

  @Test
  void aSetValueComesBackEqual() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("log", List.of("a", "b"));
    value.put("count", 3);
    value.put("nested", Map.of("ok", true));
    cache().set(ns, "k", value, null);
    assertEquals(Optional.of(value), cache().get(ns, "k"));
  }

  @Test
  void equalKeysBuiltSeparatelyMeet() {
    cache().set(ns, Map.of("input", List.of(1, 2)), "hit", null);
    assertEquals(Optional.of("hit"), cache().get(ns, Map.of("input", List.of(1, 2))));
    assertEquals(Optional.empty(), cache().get(ns, Map.of("input", List.of(2, 1))));
  }

  @Test
  void namespacesAreSeparate() {
    cache().set(ns, "k", "first", null);
    cache().set(ns + "-other", "k", "second", null);
    assertEquals(Optional.of("first"), cache().get(ns, "k"));
    assertEquals(Optional.of("second"), cache().get(ns + "-other", "k"));
  }

  @Test
  void settingAgainReplacesTheValueAndItsTtl() {
    cache().set(ns, "k", "old", Duration.ofMinutes(1));
    cache().set(ns, "k", "new", null);
    clock.advance(Duration.ofHours(1));
    assertEquals(Optional.of("new"), cache().get(ns, "k"));
  }

  @Test
  void anEntryExpiresWhenItsTtlHasPassedOnTheClock() {
    cache().set(ns, "k", "v", Duration.ofMinutes(5));
    clock.advance(Duration.ofMinutes(4));
    assertEquals(Optional.of("v"), cache().get(ns, "k"));
    clock.advance(Duration.ofMinutes(1));
    assertEquals(Optional.empty(), cache().get(ns, "k"), "expired at exactly its ttl");
  }

  @Test
  void clearingNamespacesRemovesOnlyTheirEntries() {
    cache().set(ns + "-a", "k", 1, null);
    cache().set(ns + "-b", "k", 2, null);
    cache().set(ns + "-c", "k", 3, null);
    cache().clear(ns + "-a", ns + "-b");
    assertEquals(Optional.empty(), cache().get(ns + "-a", "k"));
    assertEquals(Optional.empty(), cache().get(ns + "-b", "k"));
    assertEquals(Optional.of(3), cache().get(ns + "-c", "k"));
  }

  @Test
  void clearWithoutNamespacesRemovesEverything() {
    cache().set(ns + "-a", "k", 1, null);
    cache().set(ns + "-b", "k", 2, null);
    cache().clear();
    assertEquals(Optional.empty(), cache().get(ns + "-a", "k"));
    assertEquals(Optional.empty(), cache().get(ns + "-b", "k"));
  }

  @Test
  void concurrentWritersLoseNothing() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        int n = i;
        futures.add(pool.submit(() -> cache().set(ns, "k" + n, n, null)));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    for (int i = 0; i < 40; i++) {
      assertEquals(Optional.of(i), cache().get(ns, "k" + i));
    }
  }

  static final Key<List<String>> LOG = Key.appending("log", String.class);

  @Test
  void aCachedNodeIsServedFromTheCacheAndReportedCachedUntilCleared() {
    AtomicInteger calls = new AtomicInteger();
    String node = "expensive_" + UUID.randomUUID().toString().replace("-", "");
    CompiledGraph graph = StateGraph.of(Schema.of(LOG))
        .addNode(node, (s, rt) -> {
          calls.incrementAndGet();
          return Update.of(LOG, List.of("computed"));
        }, NodeOptions.cache(CachePolicy.byInput()))
        .addEdge(StateGraph.START, node).compile(CompileOptions.DEFAULT.withCache(cache()));
    graph.invoke(Map.of("log", List.of("in")));
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = graph.stream(Map.of("log", List.of("in")), RunConfig.DEFAULT, StreamMode.UPDATES)) {
      s.forEach(parts::add);
    }
    assertEquals(1, calls.get(), "the second run is served from the cache");
    StreamPart.Updates u = (StreamPart.Updates) parts.getFirst();
    assertTrue(u.cached());
    assertEquals(Map.of("log", List.of("computed")), u.update());
    graph.clearCache(node);
    graph.invoke(Map.of("log", List.of("in")));
    assertEquals(2, calls.get(), "cleared");
  }
}
