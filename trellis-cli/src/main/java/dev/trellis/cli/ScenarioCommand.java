package dev.trellis.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.graph.Durability;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.RandomScenarios;
import dev.trellis.testkit.ScenarioCheck;
import dev.trellis.testkit.ScenarioRunner;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code trellis scenario run|check|generate}: the conformance scenario tools. */
@Command(name = "scenario", description = "Run, check and generate conformance scenarios (FORMAT.md v1).",
    subcommands = {ScenarioCommand.Run.class, ScenarioCommand.Check.class, ScenarioCommand.Generate.class},
    mixinStandardHelpOptions = true)
final class ScenarioCommand implements Runnable {
  @Override
  public void run() {
    picocli.CommandLine.usage(this, System.out);
  }

  /** The durability option of run and check. */
  static final class DurabilityOption {
    @Option(names = "--durability", defaultValue = "async", converter = DurabilityName.class,
        description = "When threaded runs save: exit, async or sync (default: ${DEFAULT-VALUE}); check compares "
            + "with expect_exit under exit when the scenario has one.")
    Durability value;

    List<java.util.Map<String, Object>> run(JsonNode scenario) {
      return ScenarioRunner.run(scenario, InMemorySaver::new, value);
    }
  }

  /** Reads a durability mode by its lower-case name. */
  static final class DurabilityName implements picocli.CommandLine.ITypeConverter<Durability> {
    @Override
    public Durability convert(String name) {
      for (Durability d : Durability.values()) {
        if (d.name().toLowerCase(Locale.ROOT).equals(name)) {
          return d;
        }
      }
      throw new picocli.CommandLine.TypeConversionException("no mode \"" + name + "\" (exit, async, sync)");
    }
  }

  @Command(name = "run", description = "Run one scenario and print the observed result as one JSON line; "
      + "a run that raises (an update_state LangGraph refuses, too) reports it as its error.")
  static final class Run implements Callable<Integer> {
    @Parameters(paramLabel = "FILE")
    File file;

    @picocli.CommandLine.Mixin
    DurabilityOption durability = new DurabilityOption();

    @Override
    public Integer call() throws Exception {
      JsonNode scenario = JsonValues.MAPPER.readTree(file);
      System.out.println(JsonValues.MAPPER.writeValueAsString(durability.run(scenario)));
      return 0;
    }
  }

  @Command(name = "check", description = "Compare every scenario's observed result with its expect; "
      + "the last line is 'N passed, N failed'.")
  static final class Check implements Callable<Integer> {
    @Parameters(paramLabel = "DIR_OR_FILE", arity = "1..*")
    List<File> paths;

    @picocli.CommandLine.Mixin
    DurabilityOption durability = new DurabilityOption();

    @Override
    public Integer call() throws Exception {
      int passed = 0;
      int failed = 0;
      for (File f : files(paths)) {
        JsonNode scenario = JsonValues.MAPPER.readTree(f);
        ArrayNode expect = ScenarioCheck.expected(scenario, durability.value);
        if (expect == null) {
          System.out.println("SKIP " + f + ": no expect");
          continue;
        }
        List<String> diff = ScenarioCheck.diff(expect, JsonValues.tree(durability.run(scenario)));
        if (diff.isEmpty()) {
          passed++;
        } else {
          failed++;
          System.out.println("FAIL " + f);
          diff.forEach(d -> System.out.println("  " + d));
        }
      }
      System.out.println(passed + " passed, " + failed + " failed");
      return failed == 0 ? 0 : 1;
    }
  }

  @Command(name = "generate", description = "Write seeded random scenarios (without expect) into a directory.")
  static final class Generate implements Callable<Integer> {
    @Option(names = "--seed", defaultValue = "1", description = "seed of the first scenario; the n-th uses seed + n (default 1)")
    long seed;

    @Option(names = "--count", defaultValue = "200", description = "how many scenarios to write (default 200)")
    int count;

    @Option(names = "--out", required = true, description = "directory to write them into (random-SEED.json each)")
    Path out;

    @Override
    public Integer call() throws Exception {
      Files.createDirectories(out);
      for (int i = 0; i < count; i++) {
        Files.writeString(out.resolve(String.format("random-%05d.json", seed + i)),
            JsonValues.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(RandomScenarios.generate(seed + i)));
      }
      return 0;
    }
  }

  static List<File> files(List<File> paths) {
    List<File> out = new ArrayList<>();
    for (File p : paths) {
      if (p.isDirectory()) {
        File[] fs = p.listFiles((d, n) -> n.endsWith(".json"));
        if (fs != null) {
          java.util.Arrays.sort(fs);
          out.addAll(List.of(fs));
        }
      } else {
        out.add(p);
      }
    }
    return out;
  }
}
