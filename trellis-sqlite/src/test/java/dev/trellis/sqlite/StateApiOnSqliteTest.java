package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.serde.SerdeException;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.StateUpdate;
import dev.trellis.graph.Update;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The state API, checkpoint streaming and serialization errors against a real SQLite file. */
class StateApiOnSqliteTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final Key<Object> BLOB = Key.of("blob", Object.class);
  static SqliteSaver saver;

  @BeforeAll
  static void open() throws Exception {
    saver = SqliteSaver.open(Files.createTempDirectory("state-api").resolve("s.db"));
  }

  @AfterAll
  static void close() {
    saver.close();
  }

  private static CompiledGraph graph() {
    return StateGraph.of(Schema.of(LOG, BLOB))
        .addNode("a", (s, rt) -> Update.of(LOG, List.of("a")))
        .addNode("b", (s, rt) -> Update.of(LOG, List.of("b")))
        .addNode("c", (s, rt) -> {
          if (s.get(LOG).contains("boom")) {
            throw new java.io.IOException("c failed");
          }
          return Update.of(LOG, List.of("c"));
        })
        .addSequence(StateGraph.START, "a", "b", "c").compile(CompileOptions.checkpointer(saver));
  }

  @Test
  void checkpointsStreamReportsEverySaveWithItsNextTasks() {
    List<StreamPart.CheckpointEvent> events = new ArrayList<>();
    try (GraphStream s = graph().stream(Map.of("log", List.of()), RunConfig.thread("cp-stream"), StreamMode.CHECKPOINTS)) {
      s.forEach(p -> events.add((StreamPart.CheckpointEvent) p));
    }
    assertEquals(List.of("input", "loop", "loop", "loop", "loop"), events.stream().map(e -> e.metadata().source()).toList());
    assertEquals(List.of(List.of("__start__"), List.of("a"), List.of("b"), List.of("c"), List.of()),
        events.stream().map(StreamPart.CheckpointEvent::next).toList());
    assertNull(events.getFirst().parentConfig());
    assertEquals(events.get(0).config(), events.get(1).parentConfig());
    assertEquals(List.of("a", "b", "c"), events.getLast().values().get("log"));
  }

  @Test
  void stateSnapshotListsTheFailedTaskWithItsError() {
    RunConfig cfg = RunConfig.thread("failing");
    assertThrows(RuntimeException.class, () -> graph().invoke(Map.of("log", List.of("boom")), cfg));
    StateSnapshot s = graph().getState(cfg);
    assertEquals(List.of("c"), s.next());
    assertEquals("c", s.tasks().getFirst().name());
    assertTrue(s.tasks().getFirst().error().contains("c failed"), s.tasks().getFirst().error());
  }

  @Test
  void bulkUpdateAppliesEachSuperstepAsOneCheckpoint() {
    RunConfig cfg = RunConfig.thread("bulk");
    graph().invoke(Map.of("log", List.of()), cfg);
    int before = graph().getStateHistory(cfg).size();
    graph().bulkUpdateState(cfg, List.of(
        List.of(StateUpdate.of(Map.of("log", List.of("x")), "a"), StateUpdate.of(Map.of("log", List.of("y")), "b")),
        List.of(StateUpdate.of(Map.of("log", List.of("z")), "c"))));
    List<StateSnapshot> history = graph().getStateHistory(cfg);
    assertEquals(before + 2, history.size());
    assertEquals(List.of("a", "b", "c", "x", "y", "z"), history.getFirst().values().get("log"));
    assertEquals(List.of("b", "c"), history.get(1).next(), "a's and b's edges fired in the first update step");
  }

  @Test
  void unserializableValueIsRejectedNamingTheChannel() {
    CompiledGraph g = StateGraph.of(Schema.of(LOG, BLOB))
        .addNode("a", (s, rt) -> Update.of(BLOB, new Object()))
        .addEdge(StateGraph.START, "a").compile(CompileOptions.checkpointer(saver));
    SerdeException e = assertThrows(SerdeException.class,
        () -> g.invoke(Map.of("log", List.of()), RunConfig.thread("bad-value").withDurability(dev.trellis.graph.Durability.SYNC)));
    assertTrue(e.getMessage().contains("blob"), e.getMessage());
  }
}
