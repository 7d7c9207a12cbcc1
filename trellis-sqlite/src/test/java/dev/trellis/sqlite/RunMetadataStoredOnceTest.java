package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.SaveOp;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's checkpoints share its metadata (run, thread, graph and assistant ids, the caller's headers): saved in one
 * batch, it is stored once, and every read gives each checkpoint the metadata it was saved with.
 */
class RunMetadataStoredOnceTest {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);

  static Map<String, Object> runMetadata(String run) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run_id", run);
    m.put("thread_id", "1f0c2b6e-5d4a-6e1f-9a3b-0c1d2e3f4a5b");
    m.put("graph_id", "counter");
    m.put("assistant_id", "4c2e1d0f-aaaa-5bbb-8ccc-1d2e3f4a5b6c");
    m.put("user-agent", "Java-http-client/25.0.1");
    m.put("attempt", 1);
    m.put("stream", false);
    return Map.copyOf(m);
  }

  static List<SaveOp> run(String thread, Map<String, Object> extra, int checkpoints) {
    List<SaveOp> ops = new ArrayList<>();
    CheckpointConfig parent = CheckpointConfig.thread(thread);
    for (int step = -1; step < checkpoints - 1; step++) {
      Checkpoint cp = new Checkpoint(CheckpointIds.next(), "2026-11-28T00:00:00Z", Map.of("count", step),
          Map.of("count", (long) step + 2), Map.of());
      ops.add(new SaveOp.Put(parent, cp, new CheckpointMetadata(step < 0 ? "input" : "loop", step, Map.of(), extra)));
      parent = parent.withCheckpointId(cp.id());
    }
    return ops;
  }

  static long sum(Connection c, String sql) throws Exception {
    try (var st = c.createStatement(); var rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aBatchOfTwelveCheckpointsStoresTheRunsMetadataOnceAndReadsItBackIntoEach(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("m.db");
    Map<String, Object> first = runMetadata("1f0c2b6e-0001-6e1f-9a3b-0c1d2e3f4a5b");
    Map<String, Object> second = runMetadata("1f0c2b6e-0002-6e1f-9a3b-0c1d2e3f4a5b");
    List<SaveOp> runOne = run("t", first, 12);
    List<SaveOp> runTwo = run("t", second, 12);
    try (SqliteSaver saver = SqliteSaver.open(file)) {
      saver.putBatch(runOne);
      saver.putBatch(runTwo);
    }
    int extraBytes = CheckpointSaverJson.length(first);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      long metadata = sum(c, "SELECT SUM(LENGTH(metadata)) FROM checkpoints");
      long blobs = sum(c, "SELECT COALESCE(SUM(LENGTH(value)), 0) FROM checkpoint_blobs");
      // Twelve copies a run were 24 × (extra + ~30 B); now 24 references (~120 B a row) and one copy a run.
      assertTrue(metadata + blobs < 24 * 130 + 2 * (extraBytes + 40),
          "metadata " + metadata + " B and blobs " + blobs + " B for 24 checkpoints of a " + extraBytes + " B extra");
      assertEquals(2, sum(c, "SELECT COUNT(*) FROM checkpoint_blobs"));
    }
    // A saver that never wrote them (another process, or after a restart) reads what was saved.
    try (SqliteSaver saver = SqliteSaver.open(file)) {
      List<CheckpointTuple> all = saver.list(CheckpointConfig.thread("t"), null, 0);
      assertEquals(24, all.size());
      List<SaveOp> saved = new ArrayList<>(runOne);
      saved.addAll(runTwo);
      for (int i = 0; i < 24; i++) {
        SaveOp.Put put = (SaveOp.Put) saved.get(23 - i);
        assertEquals(put.metadata(), all.get(i).metadata());
        assertEquals(put.checkpoint().channelValues(), all.get(i).checkpoint().channelValues());
        assertEquals(put.metadata(), saver.getTuple(all.get(i).config()).metadata());
      }
      assertEquals(second, saver.getTuple(CheckpointConfig.thread("t")).metadata().extra());
      List<CheckpointTuple> ofRunOne = saver.list(CheckpointConfig.thread("t"), null, 0,
          Map.of("run_id", first.get("run_id")));
      assertEquals(12, ofRunOne.size());
      assertEquals(first, ofRunOne.get(0).metadata().extra());
      assertEquals(24, saver.list(CheckpointConfig.thread("t"), null, 0, Map.of("graph_id", "counter")).size());
    }
  }

  @Test
  void patchingOneCheckpointsMetadataLeavesItsRunsOtherCheckpointsAsTheyWere(@TempDir Path dir) throws Exception {
    Map<String, Object> extra = runMetadata("1f0c2b6e-0003-6e1f-9a3b-0c1d2e3f4a5b");
    List<SaveOp> ops = run("t", extra, 12);
    try (SqliteSaver saver = SqliteSaver.open(dir.resolve("p.db"))) {
      saver.putBatch(ops);
      SaveOp.Put firstPut = (SaveOp.Put) ops.get(0);
      Map<String, Object> patched = new LinkedHashMap<>(extra);
      patched.put("label", "patched");
      saver.put(firstPut.parent(), firstPut.checkpoint(), new CheckpointMetadata("input", -1, Map.of(), patched));
      List<CheckpointTuple> all = saver.list(CheckpointConfig.thread("t"), null, 0);
      assertEquals(Map.copyOf(patched), all.get(11).metadata().extra());
      for (int i = 0; i < 11; i++) {
        assertEquals(extra, all.get(i).metadata().extra());
      }
    }
    try (SqliteSaver saver = SqliteSaver.open(dir.resolve("p.db"))) {
      List<CheckpointTuple> all = saver.list(CheckpointConfig.thread("t"), null, 0);
      for (int i = 0; i < 11; i++) {
        assertEquals(extra, all.get(i).metadata().extra());
      }
    }
  }

  @Test
  void aGraphsHistoryOnSqliteHasTheMetadataTheInMemorySaverGives(@TempDir Path dir) throws Exception {
    try (SqliteSaver saver = SqliteSaver.open(dir.resolve("g.db"))) {
      InMemorySaver memory = new InMemorySaver();
      CompiledGraph onDisk = counter(saver);
      CompiledGraph inMemory = counter(memory);
      for (int run = 0; run < 3; run++) {
        RunConfig config = RunConfig.thread("g").withMetadata(runMetadata("run-" + run));
        onDisk.invoke(Map.of("count", 0), config);
        inMemory.invoke(Map.of("count", 0), config);
      }
      assertEquals(history(inMemory), history(onDisk));
    }
  }

  static CompiledGraph counter(dev.trellis.checkpoint.CheckpointSaver saver) {
    StateGraph g = StateGraph.of(Schema.of(COUNT));
    String previous = StateGraph.START;
    for (int i = 0; i < 10; i++) {
      String name = "n" + i;
      g.addNode(name, (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1));
      g.addEdge(previous, name);
      previous = name;
    }
    return g.addEdge(previous, StateGraph.END).compile(CompileOptions.checkpointer(saver));
  }

  static List<Object> history(CompiledGraph g) {
    List<Object> out = new ArrayList<>();
    for (StateSnapshot s : g.getStateHistory(RunConfig.thread("g"))) {
      out.add(List.of(s.values(), s.next(), s.metadata().step(), s.metadata().source(), s.metadata().extra()));
    }
    return out;
  }

  /** The extra's size as the saver writes it inline. */
  static final class CheckpointSaverJson {
    static int length(Map<String, Object> m) {
      return new dev.trellis.checkpoint.serde.JacksonSerde().dump(m).length;
    }
  }
}
