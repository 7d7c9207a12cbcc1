package dev.trellis.bench;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** The W4 loop with 100 steps on a persistent saver (default durability), a fresh thread per invocation. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class LoopOnSaver {
  static final int STEPS = 100;
  CheckpointSaver saver;
  CompiledGraph graph;
  final AtomicLong threads = new AtomicLong();

  /** The saver under test. */
  protected abstract CheckpointSaver open() throws Exception;

  @Setup(Level.Trial)
  public void setup() throws Exception {
    saver = open();
    graph = Workloads.loop(STEPS, CompileOptions.checkpointer(saver));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    if (saver instanceof AutoCloseable c) {
      c.close();
    }
  }

  @Benchmark
  @OperationsPerInvocation(STEPS)
  public dev.trellis.graph.State invoke() {
    return graph.invoke(Map.of("count", 0),
        RunConfig.thread("t" + threads.incrementAndGet()).withRecursionLimit(STEPS + 10));
  }
}
