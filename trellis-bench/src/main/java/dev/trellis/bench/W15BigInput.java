package dev.trellis.bench;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W15: 20 runs through the server (SQLite) on a thread whose input holds a 5 MB document that
 * no node changes; three nodes in a line read it and append a short message each (5 checkpoints
 * a run). Twice: with the document in the first run's input only, and in every run's input.
 * Prints {@code bytes_per_checkpoint} (the bytes the checkpoint saver's rows grew by after the
 * first run, per checkpoint written after it), {@code bytes_per_checkpoint_resent} (the same
 * with the document sent again by every run), {@code stored_bytes_20} (the saver's rows for the
 * whole first thread), {@code ms_per_run_20} (median run time, runs 2 to 20, first variant) and
 * {@code history_bytes_20} (the JSON bytes of the first thread's {@code /history?limit=20} page),
 * {@code history_bytes_20_reference} (the same page with {@code unchanged_values=reference}).
 * Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W15BigInput [RUNS]}.
 */
public final class W15BigInput {
  static final Key<String> DOC = Key.of("doc", String.class);
  static final Key<List<String>> NOTES = Key.appending("notes", String.class);
  static final String DOCUMENT = "0123456789abcdef".repeat(5 * 1024 * 1024 / 16);

  private W15BigInput() {}

  static void graphs(TrellisServer.Builder b) {
    b.graph("reader", (saver, store) -> {
      StateGraph g = StateGraph.of(Schema.of(DOC, NOTES));
      String prev = StateGraph.START;
      for (String node : List.of("skim", "read", "summarise")) {
        g.addNode(node, (s, rt) -> Update.of(NOTES, List.of(node + " saw " + s.get(DOC).length() + " characters")));
        g.addEdge(prev, node);
        prev = node;
      }
      return g.addEdge(prev, StateGraph.END).compile(CompileOptions.checkpointer(saver).withStore(store).withName("reader"));
    });
  }

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    Path dir = Files.createTempDirectory("w15");
    double[] ms = new double[runs + 1];
    try (ServerThreads s = ServerThreads.sqlite(dir.resolve("w15.db"), W15BigInput::graphs)) {
      long[] once = thread(s, runs, false, ms);
      long history = ServerThreads.JSON.writeValueAsBytes(s.call("GET", "/threads/" + lastThread + "/history?limit=20", null)).length;
      long referenced = ServerThreads.JSON.writeValueAsBytes(
          s.call("GET", "/threads/" + lastThread + "/history?limit=20&unchanged_values=reference", null)).length;
      long[] resent = thread(s, runs, true, new double[runs + 1]);
      System.out.printf(Locale.ROOT, "trellis W15 bytes_per_checkpoint %d B%n", once[0]);
      System.out.printf(Locale.ROOT, "trellis W15 bytes_per_checkpoint_resent %d B%n", resent[0]);
      System.out.printf(Locale.ROOT, "trellis W15 stored_bytes_%d %d B%n", runs, once[1]);
      System.out.printf(Locale.ROOT, "trellis W15 ms_per_run_%d %.2f ms%n", runs, ServerThreads.median(ms, 2, runs));
      System.out.printf(Locale.ROOT, "trellis W15 history_bytes_20 %d B%n", history);
      System.out.printf(Locale.ROOT, "trellis W15 history_bytes_20_reference %d B%n", referenced);
    }
  }

  /** One thread of {@code runs} runs; returns the bytes per checkpoint after the first run and the thread's bytes. */
  private static String lastThread;

  static long[] thread(ServerThreads s, int runs, boolean resend, double[] ms) throws Exception {
    String thread = s.newThread();
    lastThread = thread;
    long start = s.checkpointBytes();
    long afterFirst = 0;
    long checkpointsAfterFirst = 0;
    for (int run = 1; run <= runs; run++) {
      Map<String, Object> input = run == 1 || resend ? Map.of("doc", DOCUMENT, "notes", List.of("run " + run))
          : Map.of("notes", List.of("run " + run));
      long t0 = System.nanoTime();
      Object answer = s.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "reader", "input", input));
      ms[run] = (System.nanoTime() - t0) / 1e6;
      if (((String) ((Map<?, ?>) answer).get("doc")).length() != DOCUMENT.length()) {
        throw new IllegalStateException("run " + run + " lost the document");
      }
      if (run == 1) {
        afterFirst = s.checkpointBytes();
        checkpointsAfterFirst = s.checkpoints();
      }
    }
    long end = s.checkpointBytes();
    return new long[] {(end - afterFirst) / Math.max(1, s.checkpoints() - checkpointsAfterFirst), end - start};
  }
}
