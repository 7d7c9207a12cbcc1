package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * W11's server process (started by {@link W11Streams}): a SQLite server with the {@code ticker}
 * graph, whose one node writes {@link #EVENTS} custom events {@code {"sent_us": <epoch µs>}},
 * {@link #GAP_MILLIS} apart. Prints {@code port N}; on each {@code heap} line of its input it
 * collects garbage and prints {@code heap <used bytes> <resident bytes>}; ends when its input closes.
 */
public final class W11Server {
  static final int EVENTS = 10;
  static final long GAP_MILLIS = 10;
  private static final Key<Integer> TICKS = Key.of("ticks", Integer.class);

  private W11Server() {}

  static CompiledGraph ticker(CompileOptions options) {
    return StateGraph.of(Schema.of(TICKS))
        .addNode("tick", (s, rt) -> {
          for (int i = 0; i < EVENTS; i++) {
            if (i > 0) {
              try {
                Thread.sleep(GAP_MILLIS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
              }
            }
            Instant now = Instant.now();
            rt.write(Map.of("sent_us", now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000));
          }
          return Update.of(TICKS, EVENTS);
        })
        .addEdge(StateGraph.START, "tick")
        .addEdge("tick", StateGraph.END)
        .compile(options);
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("w11");
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("w11.db"))
        .graph("ticker", (saver, store) -> ticker(CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      System.out.println("port " + server.port());
      System.out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.equals("heap")) {
          System.out.println("heap " + usedAfterGc() + " " + resident());
          System.out.flush();
        }
      }
    }
  }

  private static long usedAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
    }
    var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return heap.getUsed();
  }

  /** Resident set size from /proc (0 where there is none). */
  private static long resident() {
    try {
      for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (l.startsWith("VmRSS:")) {
          return Long.parseLong(l.replaceAll("\\D", "")) * 1024;
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return 0;
  }
}
