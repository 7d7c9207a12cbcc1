package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint's channel versions and versions seen are stored as plain JSON numbers (not one tagged
 * {@code {"$long": …}} object each), and the thread reads back as the in-memory saver gives it.
 */
class StoredVersionsTest {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);

  static CompiledGraph chain(dev.trellis.checkpoint.CheckpointSaver saver) {
    StateGraph g = StateGraph.of(Schema.of(COUNT));
    for (int i = 0; i < 4; i++) {
      g.addNode("n" + i, (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1));
    }
    g.addEdge(StateGraph.START, "n0");
    for (int i = 0; i < 3; i++) {
      g.addEdge("n" + i, "n" + (i + 1));
    }
    g.addEdge("n3", StateGraph.END);
    return g.compile(CompileOptions.checkpointer(saver));
  }

  @Test
  void versionsAreStoredAsPlainNumbersAndReadBackAsSaved(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("v.db");
    RunConfig thread = RunConfig.thread("t");
    List<StateSnapshot> onDisk;
    try (SqliteSaver saver = SqliteSaver.open(file)) {
      CompiledGraph g = chain(saver);
      g.invoke(Map.of("count", 0), thread);
      g.invoke(Map.of("count", 0), thread);
      onDisk = history(g, thread);
    }
    CompiledGraph inMemory = chain(new InMemorySaver());
    inMemory.invoke(Map.of("count", 0), thread);
    inMemory.invoke(Map.of("count", 0), thread);
    assertEquals(history(inMemory, thread).stream().map(StateSnapshot::values).toList(),
        onDisk.stream().map(StateSnapshot::values).toList());
    ObjectMapper json = new ObjectMapper();
    int rows = 0;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
         var st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT checkpoint FROM checkpoints")) {
      while (rs.next()) {
        rows++;
        JsonNode cp = json.readTree(rs.getBytes(1));
        assertFalse(cp.get("versions").isEmpty());
        cp.get("versions").forEach(v -> assertTrue(v.isInt(), "a version stored as " + v));
        cp.get("seen").forEach(node -> node.forEach(v -> assertTrue(v.isInt(), "a version seen stored as " + v)));
      }
    }
    assertEquals(onDisk.size(), rows);
  }

  static List<StateSnapshot> history(CompiledGraph g, RunConfig thread) {
    return g.getStateHistory(thread);
  }
}
