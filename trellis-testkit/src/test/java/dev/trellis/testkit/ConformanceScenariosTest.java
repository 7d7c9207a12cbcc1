package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every scenario in conformance/scenarios (ours) and conformance/langgraph-scenarios (the set
 * the project started from) must agree with its expect, which LangGraph 1.2.12 produced.
 * Threaded scenarios also run on every saver × durability mode ({@link CheckpointSaverContract}).
 */
class ConformanceScenariosTest {

  @TestFactory
  Stream<DynamicTest> ownScenariosAgreeWithLangGraph() {
    return scenarios(ConformanceScenarios.ownDirectory());
  }

  @TestFactory
  Stream<DynamicTest> langGraphScenariosAgreeWithLangGraph() {
    return scenarios(ConformanceScenarios.langGraphDirectory());
  }

  @Test
  void ownScenarioSetCoversAtLeastSixtyGraphs() {
    assertTrue(ConformanceScenarios.in(ConformanceScenarios.ownDirectory()).size() >= 60);
  }

  private static Stream<DynamicTest> scenarios(Path dir) {
    List<Path> files = ConformanceScenarios.in(dir);
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
      JsonNode scenario = ConformanceScenarios.read(f);
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
