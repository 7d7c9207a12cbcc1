package dev.trellis.bench;

import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.RunConfig;
import dev.trellis.sqlite.SqliteSaver;
import java.nio.file.Files;
import java.nio.file.Path;
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

/** W6: the W4 loop with 100 steps on the SQLite saver (file on disk, default durability). Time per superstep. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class W6Loop100Sqlite {
  static final int STEPS = 100;
  Path dir;
  SqliteSaver saver;
  CompiledGraph graph;
  final AtomicLong threads = new AtomicLong();

  @Setup(Level.Trial)
  public void setup() throws Exception {
    dir = Files.createTempDirectory("w6");
    saver = SqliteSaver.open(dir.resolve("w6.db"));
    graph = Workloads.loop(STEPS, CompileOptions.checkpointer(saver));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    saver.close();
  }

  @Benchmark
  @OperationsPerInvocation(STEPS)
  public dev.trellis.graph.State invoke() {
    return graph.invoke(Map.of("count", 0),
        RunConfig.thread("t" + threads.incrementAndGet()).withRecursionLimit(STEPS + 10));
  }
}
