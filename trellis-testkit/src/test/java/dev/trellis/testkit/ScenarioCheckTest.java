package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioCheckTest {
  private static JsonNode json(String s) throws Exception {
    return JsonValues.MAPPER.readTree(s);
  }

  @Test
  void updatesWithinAStepCompareAsAMultiset() throws Exception {
    JsonNode e = json("[{\"events\":[[\"updates\",{\"a\":1}],[\"updates\",{\"b\":2}],[\"values\",{\"x\":1}]]}]");
    JsonNode a = json("[{\"events\":[[\"updates\",{\"b\":2}],[\"updates\",{\"a\":1}],[\"values\",{\"x\":1}]]}]");
    assertTrue(ScenarioCheck.diff(e, a).isEmpty());
  }

  @Test
  void updatesDoNotMoveAcrossValuesEvents() throws Exception {
    JsonNode e = json("[{\"events\":[[\"updates\",{\"a\":1}],[\"values\",{\"x\":1}],[\"updates\",{\"b\":2}]]}]");
    JsonNode a = json("[{\"events\":[[\"updates\",{\"b\":2}],[\"values\",{\"x\":1}],[\"updates\",{\"a\":1}]]}]");
    assertEquals(1, ScenarioCheck.diff(e, a).size());
  }

  @Test
  void valuesCarryingInterruptAreSkippedOnBothSides() throws Exception {
    JsonNode e = json("[{\"events\":[[\"values\",{\"x\":1,\"__interrupt__\":[]}]]}]");
    JsonNode a = json("[{\"events\":[]}]");
    assertTrue(ScenarioCheck.diff(e, a).isEmpty());
  }

  @Test
  void fieldsAbsentFromExpectAreNotCompared() throws Exception {
    JsonNode e = json("[{\"events\":[]}]");
    JsonNode a = json("[{\"events\":[],\"final\":{\"x\":1}}]");
    assertTrue(ScenarioCheck.diff(e, a).isEmpty());
  }

  @Test
  void numbersCompareByValue() throws Exception {
    assertTrue(ScenarioCheck.diff(json("[{\"final\":{\"x\":1.0}}]"), json("[{\"final\":{\"x\":1}}]")).isEmpty());
  }

  @Test
  void differentErrorsAreReported() throws Exception {
    List<String> d = ScenarioCheck.diff(json("[{\"error\":\"InvalidUpdate\"}]"), json("[{\"error\":\"NodeError\"}]"));
    assertEquals(1, d.size());
    assertTrue(d.getFirst().contains("error"));
  }
}
