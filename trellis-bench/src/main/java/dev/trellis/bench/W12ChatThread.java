package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.sqlite.SqliteSaver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W12: a 200-turn chat thread on the SQLite saver (file on disk, default durability). Each
 * turn invokes the graph on the same thread with one user message; one node appends the
 * assistant's reply to the appended {@code messages} list. Reports the time of a turn and
 * the bytes a turn adds to the saver's tables (sum of the stored row payloads) at turns 10,
 * 50, 100 and 200, and the bytes stored for the whole thread. Not a JMH benchmark: the state
 * grows from one invocation to the next, so each turn is timed on its own and the medians
 * over several threads (and the five turns ending at the reported one) are printed.
 */
public final class W12ChatThread {
  static final int TURNS = 200;
  static final int[] REPORTED = {10, 50, 100, 200};
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<List<Map<String, Object>>> MESSAGES = (Key) Key.appending("messages", Map.class);
  static final String FILLER = "the quick brown fox jumps over the lazy dog ".repeat(3);

  private W12ChatThread() {}

  static CompiledGraph graph(SqliteSaver saver) {
    return StateGraph.of(Schema.of(MESSAGES))
        .addNode("assistant", (s, rt) -> Update.of(MESSAGES,
            List.of(message("assistant", "reply to message " + s.get(MESSAGES).size()))))
        .addEdge(StateGraph.START, "assistant")
        .addEdge("assistant", StateGraph.END)
        .compile(CompileOptions.checkpointer(saver));
  }

  static Map<String, Object> message(String role, String text) {
    return Map.of("role", role, "content", text + ": " + FILLER);
  }

  /** Runs one thread of TURNS turns; fills nanos[turn] and bytes[turn] (1-based). */
  static void thread(CompiledGraph graph, Connection db, String id, long[] nanos, long[] bytes) throws Exception {
    long stored = storedBytes(db);
    for (int turn = 1; turn <= TURNS; turn++) {
      long t0 = System.nanoTime();
      graph.invoke(Map.of("messages", List.of(message("user", "message " + turn))), RunConfig.thread(id));
      nanos[turn] = System.nanoTime() - t0;
      long now = storedBytes(db);
      bytes[turn] = now - stored;
      stored = now;
    }
    int size = ((List<?>) graph.getState(RunConfig.thread(id)).values().get("messages")).size();
    if (size != 2 * TURNS) {
      throw new IllegalStateException("thread " + id + " holds " + size + " messages, expected " + 2 * TURNS);
    }
  }

  static long storedBytes(Connection db) throws Exception {
    long total = 0;
    for (String sql : storedQueries(db)) {
      try (var st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
        total += rs.next() ? rs.getLong(1) : 0;
      }
    }
    return total;
  }

  static List<String> storedQueries(Connection db) throws Exception {
    List<String> out = new ArrayList<>(List.of(
        "SELECT COALESCE(SUM(LENGTH(checkpoint) + LENGTH(metadata)), 0) FROM checkpoints",
        "SELECT COALESCE(SUM(LENGTH(value)), 0) FROM checkpoint_writes"));
    try (ResultSet rs = db.getMetaData().getTables(null, null, "checkpoint_appends", null)) {
      if (rs.next()) {
        out.add("SELECT COALESCE(SUM(LENGTH(tail)), 0) FROM checkpoint_appends");
      }
    }
    return out;
  }

  static double median(List<Long> xs) {
    long[] a = xs.stream().mapToLong(Long::longValue).sorted().toArray();
    return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2.0;
  }

  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    Path file = Files.createTempDirectory("w12").resolve("w12.db");
    try (SqliteSaver saver = SqliteSaver.open(file);
         Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      CompiledGraph graph = graph(saver);
      long[] nanos = new long[TURNS + 1];
      long[] bytes = new long[TURNS + 1];
      for (int w = 0; w < 2; w++) {
        thread(graph, db, "warm" + w, nanos, bytes);
      }
      List<long[]> allNanos = new ArrayList<>();
      List<long[]> allBytes = new ArrayList<>();
      long before = storedBytes(db);
      for (int t = 0; t < threads; t++) {
        long[] n = new long[TURNS + 1];
        long[] b = new long[TURNS + 1];
        thread(graph, db, "t" + t, n, b);
        allNanos.add(n);
        allBytes.add(b);
      }
      long perThread = (storedBytes(db) - before) / threads;
      for (int turn : REPORTED) {
        List<Long> ns = new ArrayList<>();
        List<Long> bs = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          for (int k = Math.max(1, turn - 4); k <= turn; k++) {
            ns.add(allNanos.get(i)[k]);
            bs.add(allBytes.get(i)[k]);
          }
        }
        System.out.println(String.format(Locale.ROOT, "trellis W12 us_per_turn_%d %.1f us", turn, median(ns) / 1000));
        System.out.println(String.format(Locale.ROOT, "trellis W12 bytes_per_turn_%d %.0f B", turn, median(bs)));
      }
      System.out.println(String.format(Locale.ROOT, "trellis W12 stored_bytes_%d %d B", TURNS, perThread));
    }
  }
}
