package dev.trellis.graph;

import static dev.trellis.core.StateGraph.END;
import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.COUNT;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.EmptyInputException;
import dev.trellis.error.GraphRecursionException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.NodeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Supersteps, joins, Send, Command, defer, recursion limit and errors through the public API. */
class ExecutionTest {

  @Test
  void typedKeysFlowThroughAChain() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1))
        .addNode("b", (s, rt) -> Update.of(COUNT, s.get(COUNT) * 10).and(LOG, List.of("b")))
        .addSequence(START, "a", "b", END)
        .compile();
    State out = g.invoke(Update.of(COUNT, 1));
    assertEquals(20, out.get(COUNT));
    assertEquals(List.of("b"), out.get(LOG));
  }

  @Test
  void parallelBranchesRunConcurrentlyOnVirtualThreads() throws Exception {
    CountDownLatch both = new CountDownLatch(2);
    Node waitsForSibling = (s, rt) -> {
      both.countDown();
      assertTrue(both.await(5, TimeUnit.SECONDS), "sibling never started: tasks are not parallel");
      return Update.of(LOG, List.of(rt.node()));
    };
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", waitsForSibling).addNode("b", waitsForSibling)
        .addEdge(START, "a").addEdge(START, "b").compile();
    assertEquals(List.of("a", "b"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void everyBlockedParallelTaskGetsItsOwnThread() {
    CountDownLatch all = new CountDownLatch(10);
    StateGraph b = StateGraph.of(SCHEMA);
    for (int i = 0; i < 10; i++) {
      b.addNode("p" + i, (s, rt) -> {
        all.countDown();
        assertTrue(all.await(10, TimeUnit.SECONDS), "a waiting task kept a sibling from starting");
        return Update.of(LOG, List.of(rt.node()));
      }).addEdge(START, "p" + i);
    }
    assertEquals(10, b.compile().invoke(Map.of()).get(LOG).size());
  }

  @Test
  void joinWaitsForBothBranches() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", logs("a")).addNode("b1", logs("b1")).addNode("b2", logs("b2")).addNode("j", logs("j"))
        .addEdge(START, "a").addEdge(START, "b1").addEdge("b1", "b2").addEdge(List.of("a", "b2"), "j")
        .compile();
    assertEquals(List.of("a", "b1", "b2", "j"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void sendGivesEachWorkerItsOwnInput() {
    Key<List<Integer>> results = Key.appending("results", Integer.class);
    CompiledGraph g = StateGraph.of(Schema.of(results))
        .addNode("split", (s, rt) -> Update.empty())
        .addNode("worker", (s, rt) -> Update.of(results, List.of((Integer) s.arg() * 10)))
        .addEdge(START, "split")
        .addConditionalEdges("split", s -> List.of(Send.to("worker", 1), Send.to("worker", 2), Send.to("worker", 3)))
        .compile();
    assertEquals(List.of(10, 20, 30), g.invoke(Map.of()).get(results));
  }

  @Test
  void commandGotoRoutesWithoutEdges() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> Command.goTo("c").withUpdate(Update.of(LOG, List.of("a"))), NodeOptions.destinations("c"))
        .addNode("c", logs("c"))
        .addEdge(START, "a").compile();
    assertEquals(List.of("a", "c"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void deferredNodeRunsAfterEverythingElse() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("a", logs("a")).addNode("b", logs("b")).addNode("b2", logs("b2"))
        .addNode("z", logs("z"), NodeOptions.deferred())
        .addEdge(START, "a").addEdge("a", "b").addEdge("b", "b2").addEdge("a", "z").addEdge("b2", "z")
        .compile();
    assertEquals(List.of("a", "b", "b2", "z"), g.invoke(Map.of()).get(LOG));
  }

  @Test
  void recursionLimitStopsAnEndlessLoopAtTheExactStep() {
    List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("loop", (s, rt) -> {
          seen.add(rt.step());
          return Update.of(COUNT, s.get(COUNT) + 1);
        })
        .addEdge(START, "loop").addConditionalEdges("loop", s -> "loop").compile();
    GraphRecursionException e = assertThrows(GraphRecursionException.class,
        () -> g.invoke(Update.of(COUNT, 0), RunConfig.DEFAULT.withRecursionLimit(5)));
    assertEquals(5, e.limit());
    assertEquals(List.of(1, 2, 3, 4, 5), seen);
  }

  @Test
  void aGraphsOwnRecursionLimitAppliesToRunsKeepingTheDefault() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("loop", (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1))
        .addEdge(START, "loop").addConditionalEdges("loop", s -> s.get(COUNT) >= 40 ? END : "loop")
        .compile(CompileOptions.DEFAULT.withRecursionLimit(50));
    assertEquals(40, g.invoke(Update.of(COUNT, 0)).get(COUNT), "40 steps fit the graph's limit of 50, not the default 25");
    GraphRecursionException e = assertThrows(GraphRecursionException.class,
        () -> g.invoke(Update.of(COUNT, 0), RunConfig.DEFAULT.withRecursionLimit(10)));
    assertEquals(10, e.limit(), "a run's own limit wins");
  }

  @Test
  void remainingStepsLetsALoopStopBeforeTheLimit() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("loop", (s, rt) -> Update.of(COUNT, rt.remainingSteps()))
        .addEdge(START, "loop")
        .addConditionalEdges("loop", s -> s.get(COUNT) <= 2 ? END : "loop").compile();
    State out = g.invoke(Update.of(COUNT, 0), RunConfig.DEFAULT.withRecursionLimit(6));
    assertEquals(2, out.get(COUNT));
  }

  /** As LangGraph: with limit 3 the loop may run in steps 1-3; IsLastStep turns true at step 2 (one step left). */
  @Test
  void isLastStepTurnsTrueWhenOneStepRemains() {
    Key<List<Boolean>> flags = Key.appending("flags", Boolean.class);
    CompiledGraph g = StateGraph.of(Schema.of(flags))
        .addNode("loop", (s, rt) -> Update.of(flags, List.of(rt.isLastStep())))
        .addEdge(START, "loop")
        .addConditionalEdges("loop", s -> s.get(flags).getLast() ? END : "loop").compile();
    assertEquals(List.of(false, true), g.invoke(Map.of(), RunConfig.DEFAULT.withRecursionLimit(3)).get(flags));
  }

  @Test
  void concurrentWritesToALastValueKeyNameKeyAndNodes() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("left", (s, rt) -> Update.of(ANSWER, "l")).addNode("right", (s, rt) -> Update.of(ANSWER, "r"))
        .addEdge(START, "left").addEdge(START, "right").compile();
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> g.invoke(Map.of()));
    assertTrue(e.getMessage().contains("key \"answer\": 2 values in step 1 from nodes left, right")
        || e.getMessage().contains("key \"answer\": 2 values in one step from nodes left, right"), e.getMessage());
  }

  @Test
  void unknownKeyInAnUpdateIsAClearError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> Update.of(Map.of("nope", 1)))
        .addEdge(START, "a").compile();
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> g.invoke(Map.of()));
    assertTrue(e.getMessage().contains("node \"a\" wrote key \"nope\""), e.getMessage());
  }

  @Test
  void nullInputWithoutAThreadIsEmptyInput() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").compile();
    assertThrows(EmptyInputException.class, () -> g.invoke(null));
  }

  @Test
  void nodeExceptionWrapsTheCauseOnceWithNodeAndAttempts() {
    IllegalStateException boom = new IllegalStateException("boom");
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> {
      throw boom;
    }).addEdge(START, "a").compile();
    NodeException e = assertThrows(NodeException.class, () -> g.invoke(Map.of()));
    assertEquals("a", e.node());
    assertEquals(1, e.attempts());
    assertEquals(boom, e.getCause());
  }

  @Test
  void stateGetOrDefaultCoversAbsentKeys() {
    State s = State.of(Map.of("count", 3));
    assertEquals(3, s.get(COUNT));
    assertEquals("none", s.getOrDefault(ANSWER, "none"));
  }

  @Test
  void invokeAsyncCompletesWithTheFinalState() throws Exception {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").compile();
    assertEquals(List.of("a"), g.invokeAsync(Map.of(), RunConfig.DEFAULT).get(5, TimeUnit.SECONDS).get(LOG));
  }

  record Turn(String message, @Reduce("append") List<String> stages, @Reduce("add") int tokens) {}

  @Test
  void recordSchemaDeclaresKeysAndReadsBack() {
    CompiledGraph g = StateGraph.of(Schema.of(Turn.class))
        .addNode("a", (s, rt) -> Update.of(Map.of("stages", List.of("a"), "tokens", 5)))
        .addNode("b", (s, rt) -> Update.of(Map.of("stages", List.of("b"), "tokens", 7)))
        .addEdge(START, "a").addEdge(START, "b").compile();
    Turn t = Schema.read(g.invoke(Map.of("message", "hi")), Turn.class);
    assertEquals(new Turn("hi", List.of("a", "b"), 12), t);
  }

  @Test
  void inputAndOutputKeysLimitWhatARunTakesAndShows() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("reply", (s, rt) -> Update.of(ANSWER, "re: " + s.get(LOG)).and(COUNT, 1))
        .addEdge(START, "reply").inputKeys("log").outputKeys("answer").compile();
    State out = g.invoke(Map.of("log", List.of("q")));
    assertEquals(Map.of("answer", "re: [q]"), out.toMap(), "only output keys come back");
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> g.invoke(Map.of("count", 3)));
    assertTrue(e.getMessage().contains("key \"count\" is not an input"), e.getMessage());
  }

  @Test
  void unknownInputOrOutputKeyIsACompileError() {
    assertThrows(dev.trellis.error.InvalidGraphException.class, () -> StateGraph.of(SCHEMA)
        .addNode("a", logs("a")).addEdge(START, "a").outputKeys("nope").compile());
  }
}
