package dev.trellis.apps.neura;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link NeuraBench} at full size (bench/run-neura.sh names it with -Dtest; its name keeps it out of
 * the default test run); writes target/neura-bench.txt.
 */
class NeuraBenchMain {
  @Test
  void measure() throws Exception {
    Map<String, Object> r = NeuraBench.measure(Long.getLong("neura.seed", 7), Integer.getInteger("neura.sessions", 50),
        Integer.getInteger("neura.turns", 10), Long.getLong("neura.toolLatencyMs", 20));
    Files.writeString(Path.of("target", "neura-bench.txt"),
        r.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("\n", "", "\n")));
  }
}
