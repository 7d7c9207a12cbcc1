package dev.trellis.langchain4j;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON schemas as maps (Trellis's tool and response schemas) to LangChain4j schema elements
 * and back, recursively: objects (properties, required, additionalProperties, {@code $defs}),
 * arrays, string enums, strings, integers, numbers, booleans, null, anyOf and {@code $ref},
 * each with its description. A schema without a type is read as a string.
 */
final class JsonSchemaElements {
  private JsonSchemaElements() {}

  @SuppressWarnings("unchecked")
  static JsonSchemaElement toElement(Map<String, Object> s) {
    String description = s.get("description") instanceof String d ? d : null;
    if (s.get("enum") instanceof List<?> values) {
      return JsonEnumSchema.builder().enumValues(values.stream().map(String::valueOf).toList())
          .description(description).build();
    }
    if (s.get("anyOf") instanceof List<?> options) {
      List<JsonSchemaElement> any = new ArrayList<>();
      options.forEach(o -> any.add(toElement((Map<String, Object>) o)));
      return JsonAnyOfSchema.builder().anyOf(any).description(description).build();
    }
    if (s.get("$ref") instanceof String ref) {
      return JsonReferenceSchema.builder().reference(ref.replaceFirst("^#/\\$defs/", "")).build();
    }
    String type = s.get("type") instanceof String t ? t : "string";
    return switch (type) {
      case "object" -> object(s, description);
      case "array" -> JsonArraySchema.builder().description(description)
          .items(s.get("items") instanceof Map<?, ?> items ? toElement((Map<String, Object>) items)
              : JsonStringSchema.builder().build())
          .build();
      case "integer" -> JsonIntegerSchema.builder().description(description).build();
      case "number" -> JsonNumberSchema.builder().description(description).build();
      case "boolean" -> JsonBooleanSchema.builder().description(description).build();
      case "null" -> new JsonNullSchema();
      default -> JsonStringSchema.builder().description(description).build();
    };
  }

  @SuppressWarnings("unchecked")
  static JsonObjectSchema object(Map<String, Object> s, String description) {
    JsonObjectSchema.Builder b = JsonObjectSchema.builder().description(description);
    if (s.get("properties") instanceof Map<?, ?> props) {
      props.forEach((name, p) -> b.addProperty(String.valueOf(name),
          toElement(p instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of())));
    }
    if (s.get("required") instanceof List<?> req && !req.isEmpty()) {
      b.required(req.stream().map(String::valueOf).toList());
    }
    if (s.get("additionalProperties") instanceof Boolean extra) {
      b.additionalProperties(extra);
    }
    if (s.get("$defs") instanceof Map<?, ?> defs) {
      Map<String, JsonSchemaElement> d = new LinkedHashMap<>();
      defs.forEach((k, v) -> d.put(String.valueOf(k), toElement((Map<String, Object>) v)));
      b.definitions(d);
    }
    return b.build();
  }

  static Map<String, Object> toMap(JsonSchemaElement e) {
    Map<String, Object> s = new LinkedHashMap<>();
    switch (e) {
      case JsonObjectSchema o -> {
        s.put("type", "object");
        Map<String, Object> props = new LinkedHashMap<>();
        if (o.properties() != null) {
          o.properties().forEach((k, v) -> props.put(k, toMap(v)));
        }
        s.put("properties", props);
        s.put("required", o.required() == null ? List.of() : List.copyOf(o.required()));
        if (o.additionalProperties() != null) {
          s.put("additionalProperties", o.additionalProperties());
        }
        if (o.definitions() != null && !o.definitions().isEmpty()) {
          Map<String, Object> defs = new LinkedHashMap<>();
          o.definitions().forEach((k, v) -> defs.put(k, toMap(v)));
          s.put("$defs", defs);
        }
      }
      case JsonArraySchema a -> {
        s.put("type", "array");
        if (a.items() != null) {
          s.put("items", toMap(a.items()));
        }
      }
      case JsonEnumSchema en -> {
        s.put("type", "string");
        s.put("enum", List.copyOf(en.enumValues()));
      }
      case JsonAnyOfSchema any -> s.put("anyOf", any.anyOf().stream().map(JsonSchemaElements::toMap).toList());
      case JsonReferenceSchema ref -> s.put("$ref", "#/$defs/" + ref.reference());
      case JsonIntegerSchema i -> s.put("type", "integer");
      case JsonNumberSchema n -> s.put("type", "number");
      case JsonBooleanSchema b -> s.put("type", "boolean");
      case JsonNullSchema n -> s.put("type", "null");
      default -> s.put("type", "string");
    }
    if (e.description() != null) {
      s.put("description", e.description());
    }
    return s;
  }
}
