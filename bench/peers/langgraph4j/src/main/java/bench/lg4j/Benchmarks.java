package bench.lg4j;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.state.AgentState;
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

/** One JMH class per workload, as in trellis-bench, with the same warm-up and measurement. */
public final class Benchmarks {
  private Benchmarks() {}

  @State(Scope.Benchmark)
  @BenchmarkMode(Mode.Throughput)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  @Fork(1)
  public static class W1 {
    CompiledGraph<AgentState> g;

    @Setup
    public void setup() throws Exception {
      g = Graphs.chain10(false);
    }

    @Benchmark
    public Object invoke() {
      return g.invoke(Map.of("count", 0));
    }
  }

  @State(Scope.Benchmark)
  @BenchmarkMode(Mode.Throughput)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  @Fork(1)
  public static class W3 {
    CompiledGraph<AgentState> g;

    @Setup
    public void setup() throws Exception {
      g = Graphs.parallel10();
    }

    @Benchmark
    public Object invoke() {
      return g.invoke(Map.of("count", 0));
    }
  }

  @State(Scope.Benchmark)
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  @Fork(1)
  public static class W4 {
    CompiledGraph<AgentState> g;

    @Setup
    public void setup() throws Exception {
      g = Graphs.loop(1000);
    }

    @Benchmark
    @OperationsPerInvocation(1000)
    public Object invoke() {
      return g.invoke(Map.of("count", 0));
    }
  }

  @State(Scope.Benchmark)
  @BenchmarkMode(Mode.Throughput)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  @Fork(value = 1, jvmArgs = "-Xmx4g")
  public static class W5 {
    CompiledGraph<AgentState> g;
    final AtomicLong threads = new AtomicLong();

    @Setup
    public void setup() throws Exception {
      g = Graphs.chain10(true);
    }

    @Benchmark
    public Object invoke() {
      return g.invoke(Map.of("count", 0), RunnableConfig.builder().threadId("t" + threads.incrementAndGet()).build());
    }
  }
}
