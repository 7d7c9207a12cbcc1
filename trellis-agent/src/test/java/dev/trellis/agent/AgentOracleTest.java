package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The agent oracle: every scenario of {@code conformance/agents/} run on {@link Agent} must give
 * the result LangChain 1.4.2's {@code create_agent} gave (the committed {@code expect}, written by
 * {@code conformance/oracle/agent_fill.py}). A scenario's {@code trellis_departure.ignore} names
 * the result fields left out of the comparison for a deliberate difference listed in
 * conformance/AGENT-DIFFERENCES.md; such a scenario must still differ somewhere, so that a
 * difference that went away is noticed.
 */
class AgentOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DIR = Path.of(System.getProperty("trellis.agentScenarios", "../conformance/agents"));
  private static final AtomicInteger AGREED = new AtomicInteger();
  private static final AtomicInteger RAN = new AtomicInteger();

  @TestFactory
  Stream<DynamicTest> everyScenarioAgreesWithLangChain() throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(DIR)) {
      files = list.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertTrue(files.size() >= 60, "expected at least 60 agent scenarios in " + DIR + ", found " + files.size());
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
  }

  @SuppressWarnings("unchecked")
  private static void check(Path file) throws IOException {
    JsonNode scenario = JSON.readTree(file.toFile());
    JsonNode expect = scenario.get("expect");
    if (expect == null) {
      fail(file + " has no expect: run conformance/oracle/agent_fill.py on it");
    }
    RAN.incrementAndGet();
    Map<String, Object> spec = JSON.convertValue(scenario, Map.class);
    JsonNode actual = JSON.readTree(JSON.writeValueAsString(new AgentScenario(spec).run()));
    JsonNode expected = expect.deepCopy();
    JsonNode departure = scenario.path("trellis_departure");
    if (!departure.isMissingNode() && firstDifference("$", expected, actual) == null) {
      fail(file.getFileName() + " now agrees with LangChain: remove its trellis_departure and its entry in"
          + " conformance/AGENT-DIFFERENCES.md");
    }
    for (JsonNode field : departure.path("ignore")) {
      for (JsonNode run : (ArrayNode) actual) {
        ((ObjectNode) run).remove(field.asText());
      }
      for (JsonNode run : (ArrayNode) expected) {
        ((ObjectNode) run).remove(field.asText());
      }
    }
    String diff = firstDifference("$", expected, actual);
    if (diff != null) {
      fail(file.getFileName() + " differs from LangChain at " + diff);
    }
    AGREED.incrementAndGet();
  }

  /** The path of the first difference and both values there, or null when equal. */
  static String firstDifference(String path, JsonNode expected, JsonNode actual) {
    if (expected.equals(actual)) {
      return null;
    }
    if (expected.isObject() && actual.isObject()) {
      List<String> names = new ArrayList<>();
      expected.fieldNames().forEachRemaining(names::add);
      for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
        String n = it.next();
        if (!names.contains(n)) {
          names.add(n);
        }
      }
      for (String n : names) {
        JsonNode e = expected.get(n);
        JsonNode a = actual.get(n);
        if (e == null || a == null) {
          return path + "." + n + ": LangChain " + e + ", Trellis " + a;
        }
        String d = firstDifference(path + "." + n, e, a);
        if (d != null) {
          return d;
        }
      }
    }
    if (expected.isArray() && actual.isArray()) {
      for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
        String d = firstDifference(path + "[" + i + "]", expected.get(i), actual.get(i));
        if (d != null) {
          return d;
        }
      }
    }
    return path + ": LangChain " + expected + ", Trellis " + actual;
  }

  @AfterAll
  static void report() {
    System.out.println("agent oracle: " + AGREED.get() + " of " + RAN.get() + " scenarios agree with LangChain");
  }
}
