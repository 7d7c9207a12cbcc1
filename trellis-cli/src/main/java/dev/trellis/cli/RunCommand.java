package dev.trellis.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.ScenarioRunner;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code trellis run FILE}: runs a graph described in the scenario format and prints each run's stream. */
@Command(name = "run", description = "Run a graph described as JSON (scenario format) and print what each run streamed.",
    mixinStandardHelpOptions = true)
final class RunCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "a graph in the scenario format (see conformance/FORMAT.md)")
  File file;

  @Override
  public Integer call() throws Exception {
    JsonNode spec = JsonValues.MAPPER.readTree(file);
    List<Map<String, Object>> results = ScenarioRunner.run(spec);
    int i = 0;
    for (Map<String, Object> r : results) {
      System.out.println("run " + (++i) + ":");
      for (Object event : (List<?>) r.get("events")) {
        System.out.println("  " + JsonValues.MAPPER.writeValueAsString(event));
      }
      for (String k : List.of("final", "next", "interrupts", "error")) {
        if (r.containsKey(k)) {
          System.out.println("  " + k + ": " + JsonValues.MAPPER.writeValueAsString(r.get(k)));
        }
      }
    }
    return 0;
  }
}
