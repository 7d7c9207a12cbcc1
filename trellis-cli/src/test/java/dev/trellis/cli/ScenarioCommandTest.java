package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.testkit.JsonValues;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ScenarioCommandTest {
  private static Path root() {
    String r = System.getProperty("trellis.root");
    return r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
  }

  private record Result(int exit, List<String> lines) {}

  private static Result trellis(String... args) {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(out, true));
      rc = new CommandLine(new TrellisCommand()).execute(args);
    } finally {
      System.setOut(old);
    }
    return new Result(rc, out.toString().lines().toList());
  }

  @Test
  void checkEndsWithPassedFailedLineAndSucceedsOnTheLangGraphScenarios() {
    Result r = trellis("scenario", "check", root().resolve("conformance/langgraph-scenarios").toString());
    assertEquals("47 passed, 0 failed", r.lines().getLast());
    assertEquals(0, r.exit());
  }

  @Test
  void checkReportsADifferenceAndFails(@TempDir Path dir) throws Exception {
    JsonNode scenario = JsonValues.MAPPER.readTree(root().resolve("conformance/scenarios/single-node.json").toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) scenario.get("expect").get(0)).putObject("final").put("log", "zzz");
    Files.writeString(dir.resolve("broken.json"), JsonValues.MAPPER.writeValueAsString(scenario));
    Result r = trellis("scenario", "check", dir.toString());
    assertEquals("0 passed, 1 failed", r.lines().getLast());
    assertEquals(1, r.exit());
  }

  @Test
  void runPrintsTheObservedResultAsOneJsonLine() throws Exception {
    Result r = trellis("scenario", "run", root().resolve("conformance/scenarios/single-node.json").toString());
    assertEquals(1, r.lines().size());
    JsonNode result = JsonValues.MAPPER.readTree(r.lines().getFirst());
    assertEquals("a", result.get(0).get("final").get("log").get(0).asText());
  }

  @Test
  void generateWritesTheRequestedNumberOfScenarios(@TempDir Path dir) throws Exception {
    assertEquals(0, trellis("scenario", "generate", "--seed", "7", "--count", "3", "--out", dir.toString()).exit());
    try (var files = Files.list(dir)) {
      assertEquals(3, files.count());
    }
  }

  @Test
  void runOfTheExampleShowsThePauseAndTheResume() {
    Result r = trellis("run", root().resolve("examples/approval.json").toString());
    assertTrue(r.lines().contains("  interrupts: [{\"value\":\"publish these notes?\"}]"), String.join("\n", r.lines()));
    assertTrue(r.lines().stream().anyMatch(l -> l.contains("\"log\":[\"plan\",\"review\",\"publish\"]")));
  }
}
