package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.cache.InMemoryCache;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeException;
import dev.trellis.policy.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Retry counts and backoff waits (recorded by a fake sleeper, never slept) and cache hits. */
class PoliciesTest {

  private static Node failsTimes(int n, AtomicInteger calls) {
    return (s, rt) -> {
      if (calls.incrementAndGet() <= n) {
        throw new java.io.IOException("flaky " + calls.get());
      }
      return Update.of(LOG, List.of("ok@" + rt.attempt()));
    };
  }

  @Test
  void shouldReturnAfterThreeAttemptsWithExponentialWaits() {
    AtomicInteger calls = new AtomicInteger();
    List<Duration> waits = new ArrayList<>();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", failsTimes(2, calls), NodeOptions.retry(RetryPolicy.defaults().withJitter(false)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withSleeper(waits::add));
    assertEquals(List.of("ok@3"), g.invoke(Map.of()).get(LOG));
    assertEquals(3, calls.get());
    assertEquals(List.of(Duration.ofMillis(500), Duration.ofMillis(1000)), waits);
  }

  @Test
  void retryJitterComesFromTheCompileOptionsRandomSource() {
    AtomicInteger calls = new AtomicInteger();
    List<Duration> waits = new ArrayList<>();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", failsTimes(1, calls), NodeOptions.retry(RetryPolicy.defaults()))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withSleeper(waits::add).withJitter(() -> 0.5));
    assertEquals(List.of("ok@2"), g.invoke(Map.of()).get(LOG));
    assertEquals(List.of(Duration.ofMillis(1000)), waits, "0.5 s backoff plus half of the 1 s jitter");
  }

  @Test
  void retriesStopAtMaxAttempts() {
    AtomicInteger calls = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", failsTimes(10, calls), NodeOptions.retry(RetryPolicy.maxAttempts(2)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withSleeper(d -> { }));
    NodeException e = assertThrows(NodeException.class, () -> g.invoke(Map.of()));
    assertEquals(2, e.attempts());
    assertEquals(2, calls.get());
  }

  @Test
  void firstPolicyWhoseRetryOnMatchesIsUsed() {
    AtomicInteger calls = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", failsTimes(3, calls), NodeOptions.retry(
            RetryPolicy.maxAttempts(1).withRetryOn(IllegalStateException.class),
            RetryPolicy.maxAttempts(5).withRetryOn(java.io.IOException.class)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withSleeper(d -> { }));
    assertEquals(List.of("ok@4"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void programmingErrorsAreNotRetriedByDefault() {
    AtomicInteger calls = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> {
          calls.incrementAndGet();
          throw new IllegalArgumentException("bug");
        }, NodeOptions.retry(RetryPolicy.maxAttempts(5)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withSleeper(d -> { }));
    assertThrows(NodeException.class, () -> g.invoke(Map.of()));
    assertEquals(1, calls.get());
  }

  @Test
  void backoffIsCappedByMaxInterval() {
    RetryPolicy p = RetryPolicy.defaults().withJitter(false).withMaxInterval(Duration.ofSeconds(1));
    assertEquals(Duration.ofSeconds(1), p.delayAfter(10, 0.5));
  }

  @Test
  void cachedNodeIsNotExecutedForTheSameInput() {
    AtomicInteger calls = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> {
          calls.incrementAndGet();
          return Update.of(LOG, List.of("a"));
        }, NodeOptions.cache(CachePolicy.byInput()))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withCache(new InMemoryCache()));
    g.invoke(Map.of("count", 1));
    g.invoke(Map.of("count", 1));
    g.invoke(Map.of("count", 2));
    assertEquals(2, calls.get());
  }

  @Test
  void cacheEntriesExpireAfterTheirTtl() {
    long[] now = {0};
    AtomicInteger calls = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> {
          calls.incrementAndGet();
          return Update.empty();
        }, NodeOptions.cache(CachePolicy.ttl(Duration.ofSeconds(10))))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withCache(new InMemoryCache(() -> now[0])));
    g.invoke(Map.of());
    now[0] = Duration.ofSeconds(9).toNanos();
    g.invoke(Map.of());
    now[0] = Duration.ofSeconds(11).toNanos();
    g.invoke(Map.of());
    assertEquals(2, calls.get());
  }
}
