package dev.trellis.bench;

import java.util.Locale;
import org.openjdk.jmh.results.RunResult;

/** W9's two result lines: runs per second (throughput mode) and p50/p99 latency (sample mode). */
final class W9Lines {
  private W9Lines() {}

  static String line(RunResult r) {
    String who = System.getProperty("w9.url") == null ? "trellis" : System.getProperty("w9.name", "peer");
    var primary = r.getPrimaryResult();
    if (r.getParams().getMode() == org.openjdk.jmh.annotations.Mode.Throughput) {
      return String.format(Locale.ROOT, "%s W9 runs_per_s %.0f ops/s", who, primary.getScore());
    }
    var stats = primary.getStatistics();
    return String.format(Locale.ROOT, "%s W9 p50_ms %.2f ms%n%s W9 p99_ms %.2f ms", who, stats.getPercentile(50) * 1000,
        who, stats.getPercentile(99) * 1000);
  }
}
