package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The saver's memory of threads' newest lists is bounded in bytes, not in threads: many threads of big lists keep
 * at most the budget, and a thread it forgot still reads and continues its list exactly.
 */
class ListCacheBudgetTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final String KILOBYTE = "x".repeat(1000);

  static CompiledGraph graph(JdbcSaver saver) {
    return StateGraph.of(Schema.of(LOG))
        .addNode("step", (s, rt) -> Update.of(LOG, List.of(KILOBYTE + s.getOrDefault(LOG, List.of()).size())))
        .addEdge(StateGraph.START, "step")
        .compile(CompileOptions.checkpointer(saver));
  }

  @Test
  void manyThreadsOfBigListsKeepAtMostTheBudgetAndEveryThreadReadsBackWhole(@TempDir Path dir) {
    long budget = 100_000;
    try (JdbcSaver saver = new JdbcSaver(SqliteDatabase.open(dir.resolve("t.db"), "NORMAL"), new JacksonSerde(),
        dev.trellis.checkpoint.jdbc.WriteGuard.NONE, budget)) {
      CompiledGraph g = graph(saver);
      List<String> seed = java.util.Collections.nCopies(20, KILOBYTE);
      for (int t = 0; t < 40; t++) {
        g.invoke(Map.of("log", seed), RunConfig.thread("t" + t));
        assertTrue(saver.listCacheBytes() <= budget, "kept " + saver.listCacheBytes() + " bytes after thread " + t);
      }
      assertTrue(saver.listCacheBytes() > 0, "the newest threads are still kept");
      for (int t = 0; t < 40; t++) {
        RunConfig thread = RunConfig.thread("t" + t);
        g.invoke(Map.of(), thread);
        List<?> log = (List<?>) g.getState(thread).values().get("log");
        assertEquals(22, log.size(), "thread t" + t);
        assertEquals(KILOBYTE + 21, log.get(21));
      }
    }
  }

  @Test
  void aZeroBudgetKeepsNothingAndLosesNothing(@TempDir Path dir) {
    try (JdbcSaver saver = new JdbcSaver(SqliteDatabase.open(dir.resolve("t.db"), "NORMAL"), new JacksonSerde(),
        dev.trellis.checkpoint.jdbc.WriteGuard.NONE, 0)) {
      CompiledGraph g = graph(saver);
      RunConfig thread = RunConfig.thread("t");
      for (int i = 0; i < 12; i++) {
        g.invoke(Map.of(), thread);
      }
      assertEquals(0, saver.listCacheBytes());
      assertEquals(12, ((List<?>) g.getState(thread).values().get("log")).size());
      assertEquals(KILOBYTE + 11, ((List<?>) g.getState(thread).values().get("log")).get(11));
    }
  }
}
