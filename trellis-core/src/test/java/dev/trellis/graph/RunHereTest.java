package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link GraphStream#runHere}: a run on its caller's thread, its parts handed over as they come, stoppable from elsewhere. */
class RunHereTest {
  private static final RunConfig T = RunConfig.thread("t");

  @Test
  void theRunGoesOnTheCallersThreadAndItsPartsArriveInOrder() {
    List<Thread> ranOn = new ArrayList<>();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> {
      ranOn.add(Thread.currentThread());
      return Update.of(LOG, List.of("a"));
    }).addNode("b", logs("b")).addSequence(START, "a", "b").compile(CompileOptions.checkpointer(new InMemorySaver()));
    List<Object> logs = new ArrayList<>();
    List<Thread> deliveredOn = new ArrayList<>();
    try (GraphStream s = g.streamLeavingLastSaves(Map.of(), T, Set.of(StreamMode.VALUES), false)) {
      s.runHere(part -> {
        deliveredOn.add(Thread.currentThread());
        logs.add(((StreamPart.Values) part).values().get(LOG.name()));
      });
      assertNotNull(g.finalState(s));
    }
    assertEquals(List.of(List.of("a"), List.of("a", "b")), logs);
    assertEquals(List.of(Thread.currentThread()), ranOn);
    assertTrue(deliveredOn.stream().allMatch(t -> t == Thread.currentThread()), deliveredOn.toString());
  }

  @Test
  void closingFromAnotherThreadStopsTheRunAndLeavesTheCallerUninterrupted() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> {
      started.countDown();
      new CountDownLatch(1).await(); // until interrupted
      return Update.of(LOG, List.of("never"));
    }).addEdge(START, "a").compile(CompileOptions.checkpointer(new InMemorySaver()));
    GraphStream s = g.streamLeavingLastSaves(Map.of(), T, Set.of(StreamMode.VALUES), false);
    AtomicReference<Throwable> failed = new AtomicReference<>();
    AtomicBoolean interruptedAfter = new AtomicBoolean(true);
    Thread caller = Thread.ofVirtual().start(() -> {
      try {
        s.runHere(part -> { });
      } catch (Throwable e) {
        failed.set(e);
      }
      interruptedAfter.set(Thread.currentThread().isInterrupted());
    });
    assertTrue(started.await(60, TimeUnit.SECONDS));
    s.close(); // returns once the run has stopped
    assertTrue(caller.join(java.time.Duration.ofSeconds(60)));
    assertNotNull(failed.get(), "the interrupted run ended in failure");
    assertFalse(interruptedAfter.get(), "the caller's thread is still interrupted after runHere");
  }

  @Test
  void aStreamClosedBeforeItsRunStartsDoesNotRun() {
    AtomicBoolean ran = new AtomicBoolean();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> {
      ran.set(true);
      return Update.of(LOG, List.of("a"));
    }).addEdge(START, "a").compile(CompileOptions.checkpointer(new InMemorySaver()));
    GraphStream s = g.streamLeavingLastSaves(Map.of(), T, Set.of(StreamMode.VALUES), false);
    s.close();
    assertThrows(CancellationException.class, () -> s.runHere(part -> { }));
    assertFalse(ran.get());
  }
}
