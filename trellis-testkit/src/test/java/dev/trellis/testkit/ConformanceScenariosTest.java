package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every scenario in conformance/scenarios (ours) and conformance/langgraph-scenarios (the set
 * the project started from) must agree with its expect, which LangGraph 1.2.12 produced.
 */
class ConformanceScenariosTest {

  @TestFactory
  Stream<DynamicTest> ownScenariosAgreeWithLangGraph() throws IOException {
    return scenarios(Paths.ownScenarios());
  }

  @TestFactory
  Stream<DynamicTest> langGraphScenariosAgreeWithLangGraph() throws IOException {
    return scenarios(Paths.langGraphScenarios());
  }

  @Test
  void ownScenarioSetCoversAtLeastSixtyGraphs() throws IOException {
    try (Stream<Path> files = Files.list(Paths.ownScenarios())) {
      assertTrue(files.filter(p -> p.toString().endsWith(".json")).count() >= 60);
    }
  }

  private static Stream<DynamicTest> scenarios(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      fail("scenario directory missing: " + dir);
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
      JsonNode scenario = JsonValues.MAPPER.readTree(f.toFile());
      JsonNode expect = ScenarioCheck.expected(scenario);
      if (expect == null) {
        fail(f + " has no expect: fill it with conformance/oracle/fill.py");
      }
      List<String> diff = ScenarioCheck.diff(expect, JsonValues.tree(ScenarioRunner.run(scenario)));
      if (!diff.isEmpty()) {
        fail(f.getFileName() + " differs from LangGraph:\n" + String.join("\n", diff));
      }
    }));
  }
}
