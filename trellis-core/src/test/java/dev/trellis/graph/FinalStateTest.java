package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.COUNT;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** {@link CompiledGraph#finalState}: the state a streamed run left its thread in, known without reading the saver. */
class FinalStateTest {
  private static final RunConfig T = RunConfig.thread("t");

  private static CompiledGraph chain(CompileOptions options) {
    return StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b")).addNode("c", logs("c"))
        .addSequence(START, "a", "b", "c").compile(options);
  }

  /** Streams a run to its end and returns what the graph says the thread's state is after it. */
  private static StateSnapshot streamed(CompiledGraph g, Object input, RunConfig config) {
    try (GraphStream s = g.stream(input, config, StreamMode.VALUES)) {
      for (StreamPart ignored : s) {
        // drain
      }
      return g.finalState(s);
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void finalStateIsWhatGetStateShowsAfterEachRun(Durability durability) {
    CompiledGraph g = chain(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig config = T.withDurability(durability);
    StateSnapshot first = streamed(g, Map.of(COUNT.name(), 1), config);
    assertNotNull(first);
    assertEquals(g.getState(T), first);
    StateSnapshot second = streamed(g, Map.of(COUNT.name(), 2), config);
    assertEquals(g.getState(T), second, "a later run's parent is the first run's last checkpoint");
    assertEquals(List.of("a", "b", "c", "a", "b", "c"), second.values().get(LOG.name()));
  }

  @Test
  void finalStateIsUnknownWhenTheRunSavedNoCheckpointOfItsOwn() {
    CompiledGraph g = chain(CompileOptions.checkpointer(new InMemorySaver()));
    streamed(g, Map.of(), T);
    // An update-only Command on an ended thread saves its update as writes on the thread's checkpoint.
    assertNull(streamed(g, Command.update(Update.of(COUNT, 7)), T));
    assertEquals(7, g.getState(T).values().get(COUNT.name()));
  }

  @Test
  void finalStateIsUnknownWhenTheRunPauses() {
    CompiledGraph g = chain(CompileOptions.checkpointer(new InMemorySaver()).withInterruptBefore("b"));
    assertNull(streamed(g, Map.of(), T), "a paused thread has tasks and writes to show: read it from the saver");
    assertEquals(List.of("b"), g.getState(T).next());
  }

  @Test
  void finalStateIsUnknownWhenTheRunFails() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", (s, rt) -> {
      throw new IllegalStateException("boom");
    }).addSequence(START, "a", "b").compile(CompileOptions.checkpointer(new InMemorySaver()));
    try (GraphStream s = g.stream(Map.of(), T, StreamMode.VALUES)) {
      assertThrows(RuntimeException.class, () -> s.forEach(p -> { }));
      assertNull(g.finalState(s));
    }
  }

  @Test
  void finalStateIsUnknownWithoutACheckpointer() {
    CompiledGraph g = chain(CompileOptions.DEFAULT);
    assertNull(streamed(g, Map.of(), RunConfig.DEFAULT));
  }
}
