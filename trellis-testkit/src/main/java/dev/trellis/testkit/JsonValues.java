package dev.trellis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The one ObjectMapper of the testkit and JSON ↔ Java value conversion. */
public final class JsonValues {
  public static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private JsonValues() {}

  /** A JSON value as plain Java: maps, lists, strings, Integer/Long/Double, booleans, null. */
  public static Object toJava(JsonNode node) {
    return node == null || node.isNull() ? null : MAPPER.convertValue(node, Object.class);
  }

  public static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }
}
