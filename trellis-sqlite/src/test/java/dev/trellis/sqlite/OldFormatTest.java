package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database written before large values were stored once per thread (the fixture
 * {@code old-format.db} was written by {@link #main} on main at c7be913: whole values in the
 * checkpoint blobs, Sends carrying full state copies in the writes, list deltas) still opens
 * and reads as it did, and its threads continue in the new format.
 */
class OldFormatTest {
  static final Key<List<String>> MESSAGES = Key.appending("messages", String.class);
  static final Key<String> DOC = Key.of("doc", String.class);
  static final String DOC_TEXT = "an unchanged document. ".repeat(60);

  static CompiledGraph graph(CheckpointSaver saver) {
    return StateGraph.of(Schema.of(MESSAGES, DOC))
        .addNode("model", (s, rt) -> Update.of(MESSAGES, List.of("ai " + s.get(MESSAGES).size())))
        .addNode("tool", (s, rt) -> {
          Map<?, ?> call = (Map<?, ?>) s.arg();
          Map<?, ?> state = (Map<?, ?>) call.get("state");
          return Update.of(MESSAGES, List.of("tool " + call.get("id") + " saw " + ((List<?>) state.get("messages")).size()
              + " and " + ((String) state.get("doc")).length()));
        })
        .addEdge(StateGraph.START, "model")
        .addConditionalEdges("model", s -> {
          List<String> m = s.get(MESSAGES);
          if (m.getLast().startsWith("ai") && m.size() > 1 && m.get(m.size() - 2).startsWith("tool")) {
            return StateGraph.END;
          }
          Map<String, Object> state = s.toMap();
          List<Object> sends = new ArrayList<>();
          for (int i = 0; i < 3; i++) {
            sends.add(Send.to("tool", Map.of("id", i, "state", state)));
          }
          return sends;
        })
        .addEdge("tool", "model")
        .compile(CompileOptions.checkpointer(saver).withInterruptBefore("tool"));
  }

  /** Four turns on thread {@code t}, each paused before its tools and resumed; the fifth paused. */
  static void turns(CompiledGraph g, int from, int to) {
    RunConfig thread = RunConfig.thread("t");
    for (int turn = from; turn <= to; turn++) {
      g.invoke(Map.of("messages", List.of("user " + turn), "doc", DOC_TEXT), thread);
      if (turn < 5 || to > 5) {
        g.invoke(null, thread);
      }
    }
  }

  /** Writes the fixture: {@code java -cp ... dev.trellis.sqlite.OldFormatTest FILE}. */
  public static void main(String[] args) {
    try (SqliteSaver saver = SqliteSaver.open(Path.of(args[0]))) {
      turns(graph(saver), 1, 5);
    }
  }

  static List<Object> history(CompiledGraph g) {
    List<Object> out = new ArrayList<>();
    for (StateSnapshot s : g.getStateHistory(RunConfig.thread("t"))) {
      out.add(List.of(s.values(), s.next(), s.tasks().stream().map(t -> t.name()).toList(), s.metadata().step(),
          s.metadata().source()));
    }
    return out;
  }

  @Test
  void aDatabaseWrittenByTheFormerFormatReadsAndContinues(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("old.db");
    try (var in = OldFormatTest.class.getResourceAsStream("/old-format.db")) {
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    }
    InMemorySaver memory = new InMemorySaver();
    CompiledGraph expected = graph(memory);
    turns(expected, 1, 5);
    try (SqliteSaver saver = SqliteSaver.open(file)) {
      CompiledGraph old = graph(saver);
      assertEquals(history(expected), history(old));
      // The former engine recorded each step's writes in the metadata (the engine now records none, as LangGraph 1.2.12).
      assertEquals(Map.of("__start__", Map.of("messages", List.of("user 1"), "doc", DOC_TEXT)),
          old.getStateHistory(RunConfig.thread("t")).getLast().metadata().writes());
      // The paused fifth turn resumes from the old rows, and a sixth turn is written in the new format.
      expected.invoke(null, RunConfig.thread("t"));
      old.invoke(null, RunConfig.thread("t"));
      turns(expected, 6, 6);
      turns(old, 6, 6);
      assertEquals(history(expected), history(old));
    }
    try (SqliteSaver reopened = SqliteSaver.open(file)) {
      assertEquals(history(expected), history(graph(reopened)));
    }
  }
}
