package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link CompiledGraph#streamLeavingLastSaves}: a run that ends leaves the saves it has not made to the caller —
 * every earlier one made, none lost, none twice — and a run that fails or pauses makes all of its own.
 */
class LastSavesLeftTest {
  private static final RunConfig T = RunConfig.thread("t");

  /** An in-memory saver that says it does I/O, so runs save in the background (async) as against a database. */
  private static final class Remote implements CheckpointSaver {
    final InMemorySaver saver = new InMemorySaver();

    @Override
    public CheckpointTuple getTuple(CheckpointConfig config) {
      return saver.getTuple(config);
    }

    @Override
    public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
      return saver.list(config, before, limit);
    }

    @Override
    public CheckpointConfig put(CheckpointConfig parent, dev.trellis.checkpoint.Checkpoint checkpoint,
                                dev.trellis.checkpoint.CheckpointMetadata metadata) {
      return saver.put(parent, checkpoint, metadata);
    }

    @Override
    public void putWrites(CheckpointConfig config, String taskId, List<dev.trellis.checkpoint.PendingWrite> writes) {
      saver.putWrites(config, taskId, writes);
    }

    @Override
    public void deleteThread(String threadId) {
      saver.deleteThread(threadId);
    }

    @Override
    public void deleteAfter(String threadId, String checkpointId) {
      saver.deleteAfter(threadId, checkpointId);
    }

    @Override
    public void copyThread(String from, String to) {
      saver.copyThread(from, to);
    }
  }

  private static CompiledGraph chain(CheckpointSaver saver) {
    return StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addNode("c", logs("c"))
        .addSequence(START, "a", "b", "c").compile(CompileOptions.checkpointer(saver));
  }

  private record Streamed(StateSnapshot finalState, List<SaveOp> unsaved) {}

  private static Streamed stream(CompiledGraph g, Object input, RunConfig config) {
    try (GraphStream s = g.streamLeavingLastSaves(input, config, Set.of(StreamMode.VALUES), false)) {
      for (StreamPart ignored : s) {
        // drain
      }
      return new Streamed(g.finalState(s), g.unsavedSaves(s));
    }
  }

  @Test
  void underAsyncTheSavesLeftAreTheRestOfTheRunsCheckpointsAndEndWithItsLast() {
    Remote saver = new Remote();
    CompiledGraph g = chain(saver);
    Streamed run = stream(g, Map.of(), T);
    int made = saver.list(CheckpointConfig.thread("t"), null, 0).size();
    long left = run.unsaved().stream().filter(op -> op instanceof SaveOp.Put).count();
    // The input checkpoint and one per step (the last after "c"): what the background thread had not taken is left.
    assertEquals(5, made + left, "made " + made + ", left " + run.unsaved());
    if (!run.unsaved().isEmpty()) {
      SaveOp.Put last = assertInstanceOf(SaveOp.Put.class, run.unsaved().getLast());
      assertEquals(run.finalState().config().checkpointId(), last.checkpoint().id());
    }
    saver.putBatch(run.unsaved());
    assertEquals(g.getState(T), run.finalState());
    assertEquals(List.of("a", "b", "c"), g.getState(T).values().get(LOG.name()));
  }

  @Test
  void underExitTheRunsOneSaveIsLeftAndNothingIsSavedUntilTheCallerSavesIt() {
    Remote saver = new Remote();
    CompiledGraph g = chain(saver);
    RunConfig exit = T.withDurability(Durability.EXIT);
    Streamed first = stream(g, Map.of(), exit);
    assertNull(saver.getTuple(CheckpointConfig.thread("t")), "the run saved its checkpoint itself");
    SaveOp.Put put = assertInstanceOf(SaveOp.Put.class, first.unsaved().getFirst());
    assertEquals(1, first.unsaved().size(), first.unsaved().toString());
    assertEquals(first.finalState().config().checkpointId(), put.checkpoint().id());
    saver.putBatch(first.unsaved());
    assertEquals(g.getState(T), first.finalState());
    Streamed second = stream(g, Map.of(), exit);
    saver.putBatch(second.unsaved());
    assertEquals(g.getState(T), second.finalState(), "the second run's checkpoint follows the first's");
    assertEquals(List.of("a", "b", "c", "a", "b", "c"), g.getState(T).values().get(LOG.name()));
  }

  @Test
  void aRunThatFailsLeavesNothingAndKeepsTheCheckpointsItMade() {
    Remote saver = new Remote();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", (s, rt) -> {
      throw new IllegalStateException("boom");
    }).addSequence(START, "a", "b").compile(CompileOptions.checkpointer(saver));
    try (GraphStream s = g.streamLeavingLastSaves(Map.of(), T, Set.of(StreamMode.VALUES), false)) {
      assertThrows(RuntimeException.class, () -> s.forEach(p -> { }));
      assertTrue(g.unsavedSaves(s).isEmpty());
    }
    assertEquals(List.of("a"), g.getState(T).values().get(LOG.name()), "the step before the failure was saved");
  }

  @Test
  void aRunThatPausesLeavesNothing() {
    Remote saver = new Remote();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b"))
        .addSequence(START, "a", "b").compile(CompileOptions.checkpointer(saver).withInterruptBefore("b"));
    Streamed run = stream(g, Map.of(), T);
    assertTrue(run.unsaved().isEmpty(), run.unsaved().toString());
    assertEquals(List.of("b"), g.getState(T).next());
  }
}
