package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.RunConfig;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** W5: W1 with the in-memory checkpointer, a fresh thread per invocation. Invocations per second. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = "-Xmx4g")
public class W5Chain10Memory {
  CompiledGraph graph;
  final AtomicLong threads = new AtomicLong();

  @Setup
  public void setup() {
    graph = Workloads.chain10(Workloads.memory());
  }

  @Benchmark
  public dev.trellis.graph.State invoke() {
    return graph.invoke(Map.of("count", 0), RunConfig.thread("t" + threads.incrementAndGet()));
  }
}
