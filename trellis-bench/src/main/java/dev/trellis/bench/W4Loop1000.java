package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** W4 loop1000: one node loops to itself until count == 1000. Time per superstep. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class W4Loop1000 {
  static final int STEPS = 1000;
  CompiledGraph graph;
  RunConfig config;

  @Setup
  public void setup() {
    graph = Workloads.loop(STEPS, CompileOptions.DEFAULT);
    config = RunConfig.DEFAULT.withRecursionLimit(STEPS + 10);
  }

  @Benchmark
  @OperationsPerInvocation(STEPS)
  public dev.trellis.graph.State invoke() {
    return graph.invoke(Map.of("count", 0), config);
  }
}
