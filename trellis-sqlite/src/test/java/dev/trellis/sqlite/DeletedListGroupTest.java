package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Durability;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long list is stored as a group of delta rows; when the thread is rolled back (or deleted)
 * while a checkpoint continuing that group is being written — a cancelled run's last write
 * racing its rollback — the write fails instead of saving a checkpoint whose list can no
 * longer be read, and the thread stays readable.
 */
class DeletedListGroupTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);

  @Test
  void aCheckpointContinuingAListWhoseRowsWereDeletedMeanwhileIsRefusedAndTheThreadStaysReadable(@TempDir Path dir) {
    SqliteDatabase db = SqliteDatabase.open(dir.resolve("t.db"), "NORMAL");
    AtomicBoolean rollBackNow = new AtomicBoolean();
    // The guard runs inside each write transaction before anything is written: here it plays the
    // thread's deletion by another connection just before this write.
    JdbcSaver saver = new JdbcSaver(db, new JacksonSerde(), (c, threads) -> {
      if (rollBackNow.getAndSet(false)) {
        for (String table : List.of("checkpoint_writes", "checkpoint_appends", "checkpoints")) {
          try (var st = c.prepareStatement("DELETE FROM " + table + " WHERE thread_id = ?")) {
            st.setString(1, "t");
            st.executeUpdate();
          }
        }
      }
    });
    CompiledGraph g = StateGraph.of(Schema.of(LOG))
        .addNode("step", (s, rt) -> Update.of(LOG, List.of("turn " + s.getOrDefault(LOG, List.of()).size())))
        .addEdge(StateGraph.START, "step")
        .compile(CompileOptions.checkpointer(saver));
    RunConfig thread = RunConfig.thread("t").withDurability(Durability.SYNC);
    for (int i = 0; i < 10; i++) {
      g.invoke(Map.of(), thread);
    }
    assertEquals(10, log(g, thread).size());

    rollBackNow.set(true);
    RuntimeException refused = assertThrows(RuntimeException.class, () -> g.invoke(Map.of(), thread));
    assertTrue(causes(refused).contains("was deleted while it was written"), causes(refused));

    // Nothing unreadable was saved (the guard's delete rolled back with the refused write, as a
    // concurrent delete would simply have committed): every checkpoint reads, and the next turn,
    // written as a whole new group, continues the list.
    g.getStateHistory(thread).forEach(snapshot -> assertTrue(snapshot.values().containsKey("log")));
    assertEquals(10, log(g, thread).size());
    g.invoke(Map.of(), thread);
    assertEquals(11, log(g, thread).size());
    assertEquals("turn 10", log(g, thread).get(10));
    db.close();
  }

  static List<?> log(CompiledGraph g, RunConfig thread) {
    return (List<?>) g.getState(thread).values().get("log");
  }

  static String causes(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t).append(" | ");
    }
    return out.toString();
  }
}
