package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** History, updateState, replay and pending writes on the in-memory saver. */
class PersistenceTest {
  private static final RunConfig T = RunConfig.thread("t");

  private static CompiledGraph chain() {
    return StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addNode("c", logs("c"))
        .addSequence(START, "a", "b", "c").compile(CompileOptions.checkpointer(new InMemorySaver()));
  }

  @Test
  void historyListsEveryCheckpointNewestFirst() {
    CompiledGraph g = chain();
    g.invoke(Map.of(), T);
    List<StateSnapshot> h = g.getStateHistory(T);
    assertEquals(List.of(3, 2, 1, 0, -1), h.stream().map(s -> s.metadata().step()).toList());
    assertEquals(List.of("loop", "loop", "loop", "loop", "input"), h.stream().map(s -> s.metadata().source()).toList());
    assertEquals(List.of("b"), h.get(2).next());
    assertEquals(List.of(-1), g.getStateHistory(T, 0, Map.of("source", "input")).stream().map(s -> s.metadata().step()).toList());
    assertEquals(2, g.getStateHistory(T, 2).size());
  }

  @Test
  void checkpointMetadataRecordsSourceAndStepButNotTheWritesAsLangGraph12Does() {
    CompiledGraph g = chain();
    g.invoke(Map.of("log", List.of()), T);
    g.updateState(T, Map.of("log", List.of("u")), "c");
    List<StateSnapshot> h = g.getStateHistory(T);
    assertEquals(List.of("update", "loop", "loop", "loop", "loop", "input"), h.stream().map(s -> s.metadata().source()).toList());
    for (StateSnapshot s : h) {
      assertEquals(Map.of(), s.metadata().writes(), "the task writes and the state hold what a step wrote; no third copy");
    }
  }

  @Test
  void replayFromACheckpointReRunsLaterNodesOnANewBranch() {
    CompiledGraph g = chain();
    g.invoke(Map.of(), T);
    StateSnapshot afterA = g.getStateHistory(T).get(2);
    State out = g.invoke(null, T.withCheckpointId(afterA.config().checkpointId()));
    assertEquals(List.of("a", "b", "c"), out.get(LOG));
    assertEquals("fork", g.getStateHistory(T).get(2).metadata().source());
  }

  @Test
  void updateStateAsANodeFollowsThatNodesEdges() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addNode("c", logs("c"))
        .addSequence(START, "a", "b", "c")
        .compile(CompileOptions.checkpointer(new InMemorySaver()).withInterruptBefore("b"));
    g.invoke(Map.of(), T);
    g.updateState(T, Update.of(LOG, List.of("patched")), "b");
    assertEquals(List.of("c"), g.getState(T).next());
    assertEquals(List.of("a", "patched", "c"), g.invoke(null, T).get(LOG));
  }

  @Test
  void finishedSiblingIsNotRerunAfterAFailure() {
    AtomicInteger bRuns = new AtomicInteger();
    AtomicInteger cRuns = new AtomicInteger();
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("b", (s, rt) -> {
          bRuns.incrementAndGet();
          return Update.of(LOG, List.of("b"));
        })
        .addNode("c", (s, rt) -> {
          if (cRuns.incrementAndGet() == 1) {
            throw new java.io.IOException("transient");
          }
          return Update.of(LOG, List.of("c"));
        })
        .addEdge(START, "b").addEdge(START, "c").compile(CompileOptions.checkpointer(new InMemorySaver()));
    try {
      g.invoke(Map.of(), T);
    } catch (RuntimeException expected) {
      // c failed; b's writes were saved as pending writes
    }
    assertEquals(List.of("c"), g.getState(T).next());
    assertEquals(List.of("b", "c"), g.invoke(null, T).get(LOG));
    assertEquals(1, bRuns.get(), "b finished before the failure and is replayed from its saved writes");
    assertEquals(2, cRuns.get());
  }
}
