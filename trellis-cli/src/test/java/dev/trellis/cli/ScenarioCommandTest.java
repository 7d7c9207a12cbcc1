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
  void runReportsAnUpdateStateThatRaisesAsThatRunsErrorAndGoesOn() throws Exception {
    Result r = trellis("scenario", "run", root().resolve("conformance/scenarios/update-state-ambiguous.json").toString());
    assertEquals(0, r.exit());
    JsonNode result = JsonValues.MAPPER.readTree(r.lines().getFirst());
    assertEquals("InvalidUpdate", result.get(1).get("error").asText(), "an update without as_node after a and b ran");
    assertEquals(JsonValues.MAPPER.readTree("[\"a\",\"b\"]"), result.get(1).get("final").get("log"));
    assertTrue(result.get(2).get("error") == null, result.get(2).toString());
    assertEquals(JsonValues.MAPPER.readTree("[\"a\",\"b\",\"x\"]"), result.get(2).get("final").get("log"));
  }

  @Test
  void checkUnderExitDurabilityComparesWithExpectExit() {
    Result r = trellis("scenario", "check", "--durability", "exit", root().resolve("conformance/langgraph-scenarios").toString());
    assertEquals("47 passed, 0 failed", r.lines().getLast());
  }

  @Test
  void anUnknownDurabilityIsRefusedNamingIt() {
    PrintStream old = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc;
    try {
      System.setErr(new PrintStream(err, true));
      rc = new CommandLine(new TrellisCommand()).execute("scenario", "run", "--durability", "often",
          root().resolve("conformance/scenarios/single-node.json").toString());
    } finally {
      System.setErr(old);
    }
    assertEquals(2, rc);
    assertTrue(err.toString().contains("no mode \"often\" (exit, async, sync)"), err.toString());
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
