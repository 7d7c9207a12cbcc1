package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.RunConfig;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * W7: 10,000 W5 invocations, each on its own thread, kept in the in-memory saver. Prints
 * retained heap per thread (after full GCs) and the process's peak RSS. Not a JMH
 * benchmark: it measures space, not time.
 */
public final class W7Memory {
  static final int THREADS = 10_000;

  private W7Memory() {}

  static long usedAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(50);
      var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
      used = Math.min(used, heap.getUsed());
    }
    return used;
  }

  static long peakRssBytes() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
      }
    }
    return -1;
  }

  public static void main(String[] args) throws Exception {
    CompiledGraph graph = Workloads.chain10(Workloads.memory());
    for (int i = 0; i < 200; i++) {
      graph.invoke(Map.of("count", 0), RunConfig.thread("warm" + i));
    }
    CompiledGraph fresh = Workloads.chain10(Workloads.memory());
    long before = usedAfterGc();
    for (int i = 0; i < THREADS; i++) {
      fresh.invoke(Map.of("count", 0), RunConfig.thread("t" + i));
    }
    long after = usedAfterGc();
    if (fresh.getState(RunConfig.thread("t0")).values().isEmpty()) {
      throw new IllegalStateException("threads were not kept");
    }
    System.out.println(String.format(Locale.ROOT, "trellis W7 bytes_per_thread %d B", (after - before) / THREADS));
    System.out.println(String.format(Locale.ROOT, "trellis W7 peak_rss %d B", peakRssBytes()));
  }
}
