package dev.trellis.bench;

import java.util.Collection;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the JMH workloads and prints one line per result in the form of WORKLOADS.md:
 * {@code trellis <workload> <metric> <value> <unit>}. Arguments: an optional regex of
 * benchmark classes (default: all). With {@code TRELLIS_BENCH_QUICK} set, every benchmark
 * runs one fork of 2 warm-up and 3 measured one-second iterations.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    String include = args.length > 0 ? args[0] : "dev.trellis.bench.W.*";
    OptionsBuilder builder = new OptionsBuilder();
    builder.include(include);
    if (System.getenv("TRELLIS_BENCH_QUICK") != null) {
      // One short fork per benchmark (2 × 1 s warm-up, 3 × 1 s measured): for a shared machine.
      builder.forks(1).warmupIterations(2).warmupTime(org.openjdk.jmh.runner.options.TimeValue.seconds(1))
          .measurementIterations(3).measurementTime(org.openjdk.jmh.runner.options.TimeValue.seconds(1));
    }
    if (System.getenv("TRELLIS_PG_URL") == null) {
      builder.exclude("W8");
      System.err.println("TRELLIS_PG_URL is not set: skipping W8 (run bin/postgres-up and export its URL)");
    }
    Options opts = builder.build();
    Collection<RunResult> results = new Runner(opts).run();
    for (RunResult r : results) {
      String cls = r.getParams().getBenchmark();
      String simple = cls.substring(0, cls.lastIndexOf('.'));
      String workload = simple.substring(simple.lastIndexOf('.') + 1, simple.lastIndexOf('.') + 3);
      double score = r.getPrimaryResult().getScore();
      String line = switch (simple.substring(simple.lastIndexOf('.') + 1)) {
        case "W0PlainJava" -> String.format(Locale.ROOT, "trellis W0 ns_per_step %.1f ns", score / 10);
        case "W4Loop1000" -> String.format(Locale.ROOT, "trellis W4 us_per_step %.3f us", score);
        case "W6Loop100Sqlite" -> String.format(Locale.ROOT, "trellis W6 us_per_step %.2f us", score);
        case "W6RawSqliteInsert" -> String.format(Locale.ROOT, "sqlite-jdbc W6 us_per_step %.2f us", score);
        case "W8Loop100Postgres" -> String.format(Locale.ROOT, "trellis W8 us_per_step %.2f us", score);
        case "W9Server" -> W9Lines.line(r);
        default -> String.format(Locale.ROOT, "trellis %s invocations_per_s %.0f ops/s", workload, score);
      };
      System.out.println(line);
    }
    if (include.contains("W.*") || include.contains("W7")) {
      W7Memory.main(new String[0]);
    }
    if (include.contains("W.*") || include.contains("W12")) {
      W12ChatThread.main(new String[0]);
    }
  }
}
