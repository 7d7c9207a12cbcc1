package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Durability;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What each durability mode leaves in a real SQLite file. */
class DurabilityModesTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static SqliteSaver saver;

  @BeforeAll
  static void open() throws Exception {
    saver = SqliteSaver.open(Files.createTempDirectory("durability").resolve("d.db"));
  }

  @AfterAll
  static void close() {
    saver.close();
  }

  private static CompiledGraph chain() {
    return StateGraph.of(Schema.of(LOG))
        .addNode("a", (s, rt) -> Update.of(LOG, List.of("a")))
        .addNode("b", (s, rt) -> Update.of(LOG, List.of("b" + rt.<String>interrupt("b?"))))
        .addSequence(StateGraph.START, "a", "b").compile(CompileOptions.checkpointer(saver));
  }

  private static int checkpoints(String thread) {
    return saver.list(dev.trellis.checkpoint.CheckpointConfig.thread(thread), null, 0).size();
  }

  @Test
  void syncAndAsyncSaveEveryStep() {
    for (Durability d : List.of(Durability.SYNC, Durability.ASYNC)) {
      RunConfig cfg = RunConfig.thread("every-" + d).withDurability(d);
      chain().invoke(Map.of("log", List.of()), cfg);
      assertEquals(3, checkpoints("every-" + d), d + ": input, start, a");
      assertEquals(List.of("a", "b!"), chain().invoke(Command.resume("!"), cfg).get(LOG));
      assertEquals(4, checkpoints("every-" + d));
    }
  }

  @Test
  void exitSavesOnlyWhereTheRunStopped() {
    RunConfig cfg = RunConfig.thread("exit").withDurability(Durability.EXIT);
    chain().invoke(Map.of("log", List.of()), cfg);
    assertEquals(1, checkpoints("exit"), "only the checkpoint the pause left");
    assertEquals(List.of("b"), chain().getState(cfg).next());
    assertEquals(List.of("a", "b!"), chain().invoke(Command.resume("!"), cfg).get(LOG));
    assertEquals(2, checkpoints("exit"));
  }
}
