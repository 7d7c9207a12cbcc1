package dev.trellis.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/** W0: the W1 computation as ten method calls on an immutable map copy — the floor. Reported per step (÷10). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class W0PlainJava {

  static Map<String, Object> step(Map<String, Object> state, int idx) {
    Map<String, Object> next = new HashMap<>(state);
    next.put("count", (Integer) state.get("count") + 1);
    @SuppressWarnings("unchecked")
    List<Integer> log = new ArrayList<>((List<Integer>) state.get("log"));
    log.add(idx);
    next.put("log", List.copyOf(log));
    return Map.copyOf(next);
  }

  @Benchmark
  public Map<String, Object> tenSteps() {
    Map<String, Object> s = Map.of("count", 0, "log", List.of());
    for (int i = 0; i < 10; i++) {
      s = step(s, i);
    }
    return s;
  }
}
