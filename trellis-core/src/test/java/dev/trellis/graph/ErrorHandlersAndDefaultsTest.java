package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Error handlers, node defaults, the runtime store. (Node timeouts, driven by the testkit's clock: the testkit's {@code NodeTimeoutTest}.) */
class ErrorHandlersAndDefaultsTest {

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
