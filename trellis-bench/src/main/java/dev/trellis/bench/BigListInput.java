package dev.trellis.bench;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
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
 * What the server's SQLite file holds for one thread like {@code BigStatesMemoryTest}'s: a ten-node chain (each node
 * increments {@code count} and appends its index to {@code log}, as {@code examples/chain.json}) run once on a thread
 * whose input holds a list {@code log} of 50 strings of 100 KB (5 MB). Prints the payload bytes of each table (sums of
 * {@code LENGTH}) and the file's pages per table (SQLite's {@code dbstat}, when the driver has it), then keeps the file
 * for {@code sqlite3}. Not a {@code W…} workload ({@code run-all.sh} does not run it):
 * {@code java -cp benchmarks.jar dev.trellis.bench.BigListInput [STRINGS]}.
 */
public final class BigListInput {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static final Key<List<Object>> LOG = Key.appending("log", Object.class);
  static final int CHARS = 100_000;
  private static final String[][] TABLES = {
      {"checkpoints", "checkpoint", "metadata"}, {"checkpoint_writes", "value"}, {"checkpoint_appends", "tail"},
      {"checkpoint_blobs", "value"}, {"trellis_runs", "kwargs", "result"}, {"trellis_threads", "values_json"}};

  private BigListInput() {}

  static void graphs(TrellisServer.Builder b) {
    b.graph("chain", (saver, store) -> {
      StateGraph g = StateGraph.of(Schema.of(COUNT, LOG));
      String prev = StateGraph.START;
      for (int i = 0; i < 10; i++) {
        int idx = i;
        g.addNode("n" + i, (s, rt) -> Update.of(COUNT, s.getOrDefault(COUNT, 0) + 1, LOG, List.of(idx)));
        g.addEdge(prev, "n" + i);
        prev = "n" + i;
      }
      return g.addEdge(prev, StateGraph.END).compile(CompileOptions.checkpointer(saver).withStore(store).withName("chain"));
    });
  }

  public static void main(String[] args) throws Exception {
    int strings = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    Path file = Files.createTempDirectory("biglist").resolve("biglist.db");
    List<String> log = new ArrayList<>();
    for (int k = 0; k < strings; k++) {
      log.add(("0-" + k + "-").repeat(CHARS / 2).substring(0, CHARS));
    }
    long t0 = System.nanoTime();
    try (ServerThreads s = ServerThreads.sqlite(file, BigListInput::graphs)) {
      String thread = s.newThread();
      Object answer = s.call("POST", "/threads/" + thread + "/runs/wait",
          Map.of("assistant_id", "chain", "input", Map.of("count", 0, "log", log)));
      if (ServerThreads.list(answer, "log").size() != strings + 10) {
        throw new IllegalStateException("the run's log has " + ServerThreads.list(answer, "log").size() + " items");
      }
    }
    double ms = (System.nanoTime() - t0) / 1e6;
    System.out.printf(Locale.ROOT, "input strings: %d × %d characters = %d%n", strings, CHARS, (long) strings * CHARS);
    System.out.printf(Locale.ROOT, "server start, one run, close: %.0f ms%n", ms);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      long saver = 0;
      for (String[] t : TABLES) {
        String sum = String.join(" + ", List.of(t).subList(1, t.length).stream()
            .map(x -> "COALESCE(LENGTH(" + x + "), 0)").toList());
        try (var st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(SUM(" + sum + "), 0) FROM " + t[0])) {
          rs.next();
          System.out.printf(Locale.ROOT, "payload %s %d B%n", t[0], rs.getLong(1));
          saver += t[0].startsWith("checkpoint") ? rs.getLong(1) : 0;
        }
      }
      System.out.printf(Locale.ROOT, "payload saver tables %d B%n", saver);
      try (var st = c.createStatement(); ResultSet rs = st.executeQuery(
          "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC")) {
        while (rs.next()) {
          System.out.printf(Locale.ROOT, "pages %s %d B%n", rs.getString(1), rs.getLong(2));
        }
      } catch (java.sql.SQLException noDbstat) {
        System.out.println("dbstat: not in this driver (" + noDbstat.getMessage() + ")");
      }
    }
    System.out.println("file " + file + " " + Files.size(file) + " B");
  }
}
