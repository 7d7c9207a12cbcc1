package dev.trellis.testkit;

import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeTimeoutException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.TimeoutPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Per-attempt node timeouts driven by the one movable test clock ({@link TestClock} as the graph's
 * {@code Timer}): the test moves time, nothing sleeps. (Kept here, not in trellis-core, because
 * core's tests cannot depend on the testkit, which depends on core.)
 */
class NodeTimeoutTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final Schema SCHEMA = Schema.of(LOG);

  /** A node that heartbeats after each of {@code pauses} (moving the clock by it), then waits until interrupted. */
  private static Node blocksUntilInterrupted(CountDownLatch started, TestClock clock, Duration... pauses) {
    return (s, rt) -> {
      for (Duration pause : pauses) {
        clock.advance(pause);
        rt.heartbeat();
      }
      started.countDown();
      new CountDownLatch(1).await();
      return Update.empty();
    };
  }

  @Test
  void runTimeoutInterruptsTheNodeOnceItsLimitPassesAndNamesTheLimit() throws Exception {
    TestClock clock = new TestClock();
    CountDownLatch started = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("slow", blocksUntilInterrupted(started, clock), NodeOptions.timeout(TimeoutPolicy.run(Duration.ofSeconds(30))))
        .addEdge(START, "slow").compile(CompileOptions.DEFAULT.withTimer(clock));
    CompletableFuture<State> run = g.invokeAsync(Map.of(), RunConfig.DEFAULT);
    assertTrue(started.await(30, TimeUnit.SECONDS));
    clock.advance(Duration.ofSeconds(29));
    assertFalse(run.isDone(), "29 s of a 30 s limit have passed");
    clock.advance(Duration.ofSeconds(1));
    ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
    NodeTimeoutException t = assertInstanceOf(NodeTimeoutException.class, e.getCause());
    assertEquals("slow", t.node());
    assertEquals(Duration.ofSeconds(30), t.limit());
    assertTrue(t.getMessage().contains("run timeout of PT30S"), t.getMessage());
  }

  @Test
  void heartbeatsRestartTheIdleTimeout() throws Exception {
    TestClock clock = new TestClock();
    CountDownLatch started = new CountDownLatch(1);
    Duration four = Duration.ofSeconds(4);
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("busy", blocksUntilInterrupted(started, clock, four, four, four),
            NodeOptions.timeout(TimeoutPolicy.idle(Duration.ofSeconds(5))))
        .addEdge(START, "busy").compile(CompileOptions.DEFAULT.withTimer(clock));
    CompletableFuture<State> run = g.invokeAsync(Map.of(), RunConfig.DEFAULT);
    assertTrue(started.await(30, TimeUnit.SECONDS));
    assertFalse(run.isDone(), "12 s passed, never 5 s without a heartbeat");
    assertEquals(1, clock.pendingTimers(), "each heartbeat cancelled the previous idle timer");
    clock.advance(Duration.ofSeconds(5));
    ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
    assertTrue(e.getCause().getMessage().contains("idle timeout"), e.getCause().getMessage());
  }

  @Test
  void timeoutsAreRetriedOnlyWhenARetryPolicyAsksForThem() {
    TestClock clock = new TestClock();
    AtomicInteger attempts = new AtomicInteger();
    Node firstAttemptHangs = (s, rt) -> {
      if (attempts.incrementAndGet() == 1) {
        clock.advance(Duration.ofSeconds(1)); // the limit passes while the first attempt runs
        new CountDownLatch(1).await();
      }
      return Update.of(LOG, List.of("done@" + rt.attempt()));
    };
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", firstAttemptHangs, NodeOptions.timeout(TimeoutPolicy.run(Duration.ofSeconds(1)))
            .withRetry(RetryPolicy.maxAttempts(2).withRetryOn(NodeTimeoutException.class)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withTimer(clock).withSleeper(d -> { }));
    assertEquals(List.of("done@2"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void aSendCarriesItsOwnTimeout() throws Exception {
    TestClock clock = new TestClock();
    CountDownLatch started = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("split", (s, rt) -> Update.empty())
        .addNode("worker", blocksUntilInterrupted(started, clock))
        .addEdge(START, "split")
        .addConditionalEdges("split", s -> List.of(Send.to("worker", 1).withTimeout(TimeoutPolicy.run(Duration.ofMillis(250)))))
        .compile(CompileOptions.DEFAULT.withTimer(clock));
    CompletableFuture<State> run = g.invokeAsync(Map.of(), RunConfig.DEFAULT);
    assertTrue(started.await(30, TimeUnit.SECONDS));
    clock.advance(Duration.ofMillis(249));
    assertFalse(run.isDone(), "249 ms of the send's 250 ms limit have passed");
    clock.advance(Duration.ofMillis(1));
    ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
    assertInstanceOf(NodeTimeoutException.class, e.getCause());
  }
}
