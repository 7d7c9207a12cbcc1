package bench.lg4j;

import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/** Runs the LangGraph4j workloads and prints {@code langgraph4j <workload> <metric> <value> <unit>} lines. */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    String include = args.length > 0 ? args[0] : "bench.lg4j.Benchmarks.*";
    for (RunResult r : new Runner(new OptionsBuilder().include(include).build()).run()) {
      String b = r.getParams().getBenchmark();
      String cls = b.substring(0, b.lastIndexOf('.'));
      String w = cls.substring(Math.max(cls.lastIndexOf('.'), cls.lastIndexOf('$')) + 1);
      double score = r.getPrimaryResult().getScore();
      System.out.println(w.equals("W4")
          ? String.format(Locale.ROOT, "langgraph4j W4 us_per_step %.3f us", score)
          : String.format(Locale.ROOT, "langgraph4j %s invocations_per_s %.0f ops/s", w, score));
    }
    System.out.println("langgraph4j W2 unsupported - no Send/map-reduce fan-out in LangGraph4j 1.8");
  }
}
