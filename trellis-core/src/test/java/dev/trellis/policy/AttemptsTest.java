package dev.trellis.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.cache.InMemoryCache;
import dev.trellis.error.NodeTimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The policy chain on its own: retry order, injected sleep and jitter, per-attempt timeouts, the cache link. */
class AttemptsTest {
  private final List<Duration> waits = new ArrayList<>();
  private final List<Runnable> timers = new ArrayList<>();
  /** Timers run only when the test fires them; the sleeper records. */
  private final Attempts.Timing timing = new Attempts.Timing((d, action) -> {
    timers.add(action);
    return () -> timers.remove(action);
  }, waits::add, () -> 0.25);

  private Attempts chain(List<RetryPolicy> retry, TimeoutPolicy timeout) {
    return new Attempts("work", retry, t -> true, timeout, timing);
  }

  @Test
  void jitterComesFromTheInjectedRandomSource() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    String out = chain(List.of(RetryPolicy.defaults()), null).run(a -> {
      if (calls.incrementAndGet() < 3) {
        throw new IOException("flaky");
      }
      return "ok@" + a.attempt();
    });
    assertEquals("ok@3", out);
    assertEquals(List.of(Duration.ofMillis(750), Duration.ofMillis(1250)), waits, "backoff plus 0.25 s of jitter");
  }

  @Test
  void finalFailuresAreNotRetriedWhateverThePolicies() {
    AtomicInteger calls = new AtomicInteger();
    Attempts a = new Attempts("work", List.of(RetryPolicy.maxAttempts(5)), t -> !(t instanceof IOException), null, timing);
    assertThrows(IOException.class, () -> a.run(x -> {
      calls.incrementAndGet();
      throw new IOException("final");
    }));
    assertEquals(1, calls.get());
    assertEquals(1, a.attempt());
  }

  @Test
  void eachAttemptIsTimedOnItsOwn() throws Exception {
    List<Integer> retried = new ArrayList<>();
    Attempts a = chain(List.of(RetryPolicy.maxAttempts(2).withJitter(false).withRetryOn(NodeTimeoutException.class)),
        TimeoutPolicy.run(Duration.ofSeconds(1))).onRetry((n, e, d) -> retried.add(n));
    String out = a.run(x -> {
      if (x.attempt() == 1) {
        timers.getFirst().run(); // the first attempt's limit passes
        throw new InterruptedException("stopped by the watchdog");
      }
      assertEquals(1, timers.size(), "the second attempt has a timer of its own");
      return "second";
    });
    assertEquals("second", out);
    assertEquals(List.of(1), retried);
    assertTrue(timers.isEmpty(), "the timer is cancelled when the attempt ends");
  }

  @Test
  void cachedResultIsReturnedWithoutCalling() throws Exception {
    InMemoryCache cache = new InMemoryCache();
    Attempts.CacheEntry entry = new Attempts.CacheEntry(cache, "ns", "key", null);
    AtomicInteger calls = new AtomicInteger();
    assertEquals("v1", chain(List.of(), null).runCached(entry, a -> "v" + calls.incrementAndGet()));
    assertEquals("v1", chain(List.of(), null).runCached(entry, a -> "v" + calls.incrementAndGet()));
    assertEquals(1, calls.get());
  }
}
