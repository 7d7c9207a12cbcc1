package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** W1 chain10: 10 nodes in a line, no checkpointer. Invocations per second. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class W1Chain10 {
  CompiledGraph graph;

  @Setup
  public void setup() {
    graph = Workloads.chain10(CompileOptions.DEFAULT);
  }

  @Benchmark
  public dev.trellis.graph.State invoke() {
    return graph.invoke(Map.of("count", 0), RunConfig.DEFAULT);
  }
}
