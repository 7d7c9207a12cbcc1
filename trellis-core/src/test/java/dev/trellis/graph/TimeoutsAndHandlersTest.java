package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeTimeoutException;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.TimeoutPolicy;
import dev.trellis.policy.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Per-attempt timeouts driven by a hand-fired timer (no sleeping), error handlers, node defaults, the runtime store. */
class TimeoutsAndHandlersTest {

  /** A timer whose actions run only when the test fires them. */
  static final class ManualTimer implements Timer {
    record Scheduled(Duration delay, Runnable action, boolean[] cancelled) {}

    final List<Scheduled> scheduled = new ArrayList<>();

    @Override
    public synchronized Runnable schedule(Duration delay, Runnable action) {
      Scheduled s = new Scheduled(delay, action, new boolean[1]);
      scheduled.add(s);
      return () -> s.cancelled()[0] = true;
    }

    synchronized int live() {
      return (int) scheduled.stream().filter(s -> !s.cancelled()[0]).count();
    }

    void fireLive() {
      List<Scheduled> now;
      synchronized (this) {
        now = scheduled.stream().filter(s -> !s.cancelled()[0]).toList();
      }
      now.forEach(s -> s.action().run());
    }
  }

  private static Node blocksUntilInterrupted(CountDownLatch started, int heartbeats) {
    return (s, rt) -> {
      for (int i = 0; i < heartbeats; i++) {
        rt.heartbeat();
      }
      started.countDown();
      new CountDownLatch(1).await();
      return Update.empty();
    };
  }

  @Test
  void runTimeoutInterruptsTheNodeAndNamesTheLimit() throws Exception {
    ManualTimer timer = new ManualTimer();
    CountDownLatch started = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("slow", blocksUntilInterrupted(started, 0), NodeOptions.timeout(TimeoutPolicy.run(Duration.ofSeconds(30))))
        .addEdge(START, "slow").compile(CompileOptions.DEFAULT.withTimer(timer));
    CompletableFuture<State> run = g.invokeAsync(Map.of(), RunConfig.DEFAULT);
    assertTrue(started.await(5, TimeUnit.SECONDS));
    timer.fireLive();
    ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
        () -> run.get(5, TimeUnit.SECONDS));
    NodeTimeoutException t = assertInstanceOf(NodeTimeoutException.class, e.getCause());
    assertEquals("slow", t.node());
    assertEquals(Duration.ofSeconds(30), t.limit());
    assertTrue(t.getMessage().contains("run timeout of PT30S"), t.getMessage());
  }

  @Test
  void heartbeatsRestartTheIdleTimeout() throws Exception {
    ManualTimer timer = new ManualTimer();
    CountDownLatch started = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("busy", blocksUntilInterrupted(started, 3), NodeOptions.timeout(TimeoutPolicy.idle(Duration.ofSeconds(5))))
        .addEdge(START, "busy").compile(CompileOptions.DEFAULT.withTimer(timer));
    CompletableFuture<State> run = g.invokeAsync(Map.of(), RunConfig.DEFAULT);
    assertTrue(started.await(5, TimeUnit.SECONDS));
    assertEquals(4, timer.scheduled.size(), "the first idle timer plus one per heartbeat");
    assertEquals(1, timer.live(), "each heartbeat cancelled the previous idle timer");
    timer.fireLive();
    ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
        () -> run.get(5, TimeUnit.SECONDS));
    assertTrue(e.getCause().getMessage().contains("idle timeout"), e.getCause().getMessage());
  }

  @Test
  void timeoutsAreRetriedOnlyWhenARetryPolicyAsksForThem() {
    AtomicInteger attempts = new AtomicInteger();
    ManualTimer timer = new ManualTimer();
    Node firstAttemptHangs = (s, rt) -> {
      if (attempts.incrementAndGet() == 1) {
        timer.fireLive(); // the limit passes while the first attempt runs
        new CountDownLatch(1).await();
      }
      return Update.of(LOG, List.of("done@" + rt.attempt()));
    };
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", firstAttemptHangs, NodeOptions.timeout(TimeoutPolicy.run(Duration.ofSeconds(1)))
            .withRetry(RetryPolicy.maxAttempts(2).withRetryOn(NodeTimeoutException.class)))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withTimer(timer).withSleeper(d -> { }));
    assertEquals(List.of("done@2"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void errorHandlerTurnsAFailureIntoAnUpdate() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("fragile", (s, rt) -> {
          throw new java.io.IOException("service down");
        }, NodeOptions.DEFAULT.withErrorHandler((s, rt, e) -> Update.of(ANSWER, "fallback: " + e.getMessage())))
        .addNode("next", logs("next"))
        .addSequence(START, "fragile", "next").compile();
    State out = g.invoke(Map.of());
    assertEquals("fallback: service down", out.get(ANSWER));
    assertEquals(List.of("next"), out.get(LOG), "the run goes on along the node's edges");
  }

  @Test
  void nodeDefaultsApplyToNodesWithoutTheirOwnSettings() {
    AtomicInteger aCalls = new AtomicInteger();
    AtomicInteger bCalls = new AtomicInteger();
    Node flaky = (s, rt) -> {
      throw new java.io.IOException("flaky " + rt.node());
    };
    CompiledGraph g = StateGraph.of(SCHEMA)
        .setNodeDefaults(NodeOptions.retry(RetryPolicy.maxAttempts(3)).withErrorHandler((s, rt, e) -> Update.empty()))
        .addNode("a", (s, rt) -> {
          aCalls.incrementAndGet();
          return flaky.apply(s, rt);
        })
        .addNode("b", (s, rt) -> {
          bCalls.incrementAndGet();
          return flaky.apply(s, rt);
        }, NodeOptions.retry(RetryPolicy.maxAttempts(1)))
        .addSequence(START, "a", "b").compile(CompileOptions.DEFAULT.withSleeper(d -> { }));
    g.invoke(Map.of());
    assertEquals(3, aCalls.get(), "a takes the default retry");
    assertEquals(1, bCalls.get(), "b keeps its own");
  }

  @Test
  void nodesReachTheLongTermStoreThroughTheRuntime() {
    InMemoryStore store = new InMemoryStore();
    store.put(List.of("users", "u1"), "profile", Map.of("name", "Ada"));
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("greet", (s, rt) -> Update.of(ANSWER,
            "hi " + rt.store().get(List.of("users", "u1"), "profile").value().get("name")))
        .addEdge(START, "greet").compile(CompileOptions.DEFAULT.withStore(store));
    assertEquals("hi Ada", g.invoke(Map.of()).get(ANSWER));
  }
}
