package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeException;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.GraphListener;
import dev.trellis.observe.RunInfo;
import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class GraphListenerTest {
  /** Records every event; thread-safe as listeners must be. */
  static final class Recorder implements GraphListener {
    final List<GraphEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(GraphEvent event) {
      events.add(event);
    }

    List<String> kinds() {
      return events.stream().map(e -> e.getClass().getSimpleName()).toList();
    }

    <T extends GraphEvent> List<T> of(Class<T> type) {
      return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
  }

  @Test
  void chainReportsRunStepsAndTasksInOrder() {
    Recorder rec = new Recorder();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b"))
        .addSequence(START, "a", "b").compile(CompileOptions.DEFAULT.withName("chain").withListeners(rec));
    g.invoke(Map.of());
    assertEquals(List.of("RunStarted",
        "StepStarted", "TaskStarted", "TaskEnded", "StepEnded",
        "StepStarted", "TaskStarted", "TaskEnded", "StepEnded", "RunEnded"), rec.kinds());
    List<GraphEvent.TaskStarted> started = rec.of(GraphEvent.TaskStarted.class);
    assertEquals(List.of("a", "b"), started.stream().map(GraphEvent.TaskStarted::node).toList());
    assertEquals(List.of(1, 2), started.stream().map(GraphEvent.TaskStarted::step).toList());
    GraphEvent.TaskEnded endA = rec.of(GraphEvent.TaskEnded.class).getFirst();
    assertEquals(started.getFirst().taskId(), endA.taskId(), "start and end of one task share its id");
    assertEquals(1, endA.attempts());
    assertFalse(endA.duration().isNegative());
    GraphEvent.RunEnded end = rec.of(GraphEvent.RunEnded.class).getFirst();
    assertEquals("chain", end.graph());
    assertFalse(end.interrupted());
    assertNull(started.getFirst().parentTaskId());
  }

  @Test
  void subgraphTasksCarryNamespaceAndTheirParentTask() {
    Recorder rec = new Recorder();
    CompiledGraph inner = StateGraph.of(SCHEMA).addNode("s1", logs("s1")).addEdge(START, "s1")
        .compile(CompileOptions.DEFAULT.withName("inner"));
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("sub", inner).addEdge(START, "sub")
        .compile(CompileOptions.DEFAULT.withListeners(rec));
    g.invoke(Map.of());
    List<GraphEvent.TaskStarted> started = rec.of(GraphEvent.TaskStarted.class);
    assertEquals(List.of("sub", "s1"), started.stream().map(GraphEvent.TaskStarted::node).toList());
    GraphEvent.TaskStarted sub = started.get(0);
    GraphEvent.TaskStarted s1 = started.get(1);
    assertEquals(List.of("sub:" + sub.taskId()), s1.namespace());
    assertEquals(sub.taskId(), s1.parentTaskId());
    assertEquals(1, rec.of(GraphEvent.RunStarted.class).size(), "only the root graph reports a run");
    assertTrue(rec.of(GraphEvent.StepStarted.class).stream().anyMatch(s -> s.graph().equals("inner")));
  }

  @Test
  void failingNodeReportsItsAttemptsAndTheRunFailure() {
    Recorder rec = new Recorder();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("flaky", (s, rt) -> {
          throw new java.io.UncheckedIOException(new java.io.IOException("down"));
        }, NodeOptions.retry(RetryPolicy.maxAttempts(3)))
        .addEdge(START, "flaky")
        .compile(CompileOptions.DEFAULT.withListeners(rec).withSleeper(d -> { }));
    NodeException thrown = assertThrows(NodeException.class, () -> g.invoke(Map.of()));
    GraphEvent.TaskFailed failed = rec.of(GraphEvent.TaskFailed.class).getFirst();
    assertEquals("flaky", failed.node());
    assertEquals(3, failed.attempts());
    assertSame(thrown, failed.error(), "the task reports the failure the run raises: the node, its path and attempts");
    assertEquals("down", failed.error().getCause().getCause().getMessage());
    GraphEvent.RunFailed run = rec.of(GraphEvent.RunFailed.class).getFirst();
    assertSame(thrown, run.error());
    assertEquals(3, thrown.attempts());
    assertEquals("RunFailed", rec.kinds().getLast());
    assertTrue(rec.of(GraphEvent.StepEnded.class).isEmpty(), "a failed step is not reported as ended");
  }

  @Test
  void interruptAndCheckpointsAreReported() {
    Recorder rec = new Recorder();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a"))
        .addNode("ask", (s, rt) -> Update.of(ANSWER, rt.interrupt("ok?")))
        .addSequence(START, "a", "ask")
        .compile(CompileOptions.checkpointer(new InMemorySaver()).withListeners(rec));
    RunConfig thread = RunConfig.thread("t");
    g.invoke(Map.of(), thread);
    GraphEvent.TaskInterrupted paused = rec.of(GraphEvent.TaskInterrupted.class).getFirst();
    assertEquals("ask", paused.node());
    assertEquals("ok?", paused.interrupts().getFirst().value());
    assertEquals("ok?", rec.of(GraphEvent.Interrupted.class).getFirst().interrupts().getFirst().value());
    assertTrue(rec.of(GraphEvent.RunEnded.class).getFirst().interrupted());
    List<GraphEvent.CheckpointSaved> saved = rec.of(GraphEvent.CheckpointSaved.class);
    assertEquals("input", saved.getFirst().source());
    assertTrue(saved.stream().skip(1).allMatch(c -> c.source().equals("loop")));
    assertEquals(g.getStateHistory(thread).size(), saved.size(), "one event per checkpoint the saver holds");
    assertEquals("t", saved.getFirst().config().threadId());
  }

  @Test
  void perRunListenersAreAddedAfterTheGraphsOwn() {
    List<String> order = new CopyOnWriteArrayList<>();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withListeners(e -> order.add("graph " + e.getClass().getSimpleName())));
    g.invoke(Map.of(), RunConfig.DEFAULT.withListeners(e -> order.add("run " + e.getClass().getSimpleName())));
    assertEquals("graph RunStarted", order.get(0));
    assertEquals("run RunStarted", order.get(1));
    assertEquals("run RunEnded", order.getLast());
    order.clear();
    g.invoke(Map.of());
    assertTrue(order.stream().allMatch(s -> s.startsWith("graph ")), "a per-run listener sees only its run");
  }

  @Test
  void failingListenerDoesNotAffectTheRun() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withListeners(e -> {
          throw new IllegalStateException("listener bug");
        }));
    assertEquals(List.of("a"), g.invoke(Map.of()).get(Fixtures.LOG));
  }

  @Test
  void listenerWithPerRunStateGetsAFreshInstanceForEachRun() {
    List<Recorder> perRun = new CopyOnWriteArrayList<>();
    GraphListener factory = new GraphListener() {
      @Override
      public void onEvent(GraphEvent event) {
        throw new AssertionError("events go to the per-run listener");
      }

      @Override
      public GraphListener forRun(RunInfo run) {
        Recorder r = new Recorder();
        perRun.add(r);
        return r;
      }
    };
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withListeners(factory));
    g.invoke(Map.of());
    g.invoke(Map.of());
    assertEquals(2, perRun.size());
    assertEquals("RunStarted", perRun.get(1).kinds().getFirst());
    assertEquals("RunEnded", perRun.get(1).kinds().getLast());
  }

  @Test
  void eachRunTellsItsListenersTheGraphsClock() {
    java.time.Clock clock = java.time.Clock.fixed(java.time.Instant.parse("2026-11-21T00:00:00Z"), java.time.ZoneOffset.UTC);
    List<RunInfo> runs = new CopyOnWriteArrayList<>();
    GraphListener factory = new GraphListener() {
      @Override
      public void onEvent(GraphEvent event) {
      }

      @Override
      public GraphListener forRun(RunInfo run) {
        runs.add(run);
        return event -> { };
      }
    };
    StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.DEFAULT.withListeners(factory).withClock(clock)).invoke(Map.of());
    assertEquals(List.of(clock), runs.stream().map(RunInfo::clock).toList(),
        "listeners that time things themselves read the clock the events' durations come from");
  }
}
