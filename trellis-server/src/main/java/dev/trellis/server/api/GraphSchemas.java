package dev.trellis.server.api;

import dev.trellis.graph.GraphSignature;
import dev.trellis.graph.InputValidator;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A graph's JSON Schemas as LangGraph's servers serve them at {@code /assistants/{id}/schemas}
 * and, per subgraph node, at {@code /assistants/{id}/subgraphs}: {@code input_schema} (the
 * graph's input keys), {@code output_schema} (its output keys), {@code state_schema} (every
 * state key), each key typed from its declared value class; {@code context_schema} from the
 * declared context type ({@code StateGraph.contextType}), with one property per record component
 * and every component required (null when the graph declares none); {@code config_schema} the
 * same schema (LangGraph's servers describe {@code configurable} with the context type), or
 * {@code {}} when there is none.
 */
final class GraphSchemas {
  private GraphSchemas() {}

  static Map<String, Object> of(String graphId, GraphSignature graph) {
    Map<String, Class<?>> types = graph.stateTypes();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("graph_id", graphId);
    m.put("input_schema", constrained(object(graphId, types, graph.inputKeys()), graph.inputValidator()));
    m.put("output_schema", object(graphId, types, graph.outputKeys()));
    m.put("state_schema", object(graphId, types, graph.stateKeys()));
    Map<String, Object> context = context(graph.contextType());
    m.put("config_schema", context == null ? Map.of() : context);
    m.put("context_schema", context);
    return m;
  }

  /** {@code {namespace: schemas}} of the graph's subgraph nodes (recursively with {@code recurse}). */
  static Map<String, Object> subgraphs(GraphSignature graph, String namespace, boolean recurse) {
    Map<String, Object> out = new LinkedHashMap<>();
    collect(graph, "", namespace, recurse, out);
    return out;
  }

  private static void collect(GraphSignature graph, String prefix, String only, boolean recurse, Map<String, Object> out) {
    for (Map.Entry<String, GraphSignature> sub : graph.subgraphs().entrySet()) {
      String ns = prefix + sub.getKey();
      if (only == null || only.equals(ns)) {
        out.put(ns, of(sub.getKey(), sub.getValue()));
      }
      if (recurse) {
        collect(sub.getValue(), ns + "|", only, true, out);
      }
    }
  }

  private static Map<String, Object> object(String title, Map<String, Class<?>> types, List<String> keys) {
    Map<String, Object> props = new LinkedHashMap<>();
    for (String k : keys) {
      props.put(k, property(k, types.get(k)));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("title", title);
    m.put("type", "object");
    m.put("properties", props);
    return m;
  }

  /**
   * {@code schema} with the keywords of the graph's input constraints on its properties
   * ({@code minLength}, {@code maxLength}, {@code pattern}, {@code items}, …) and their {@code required} keys.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> constrained(Map<String, Object> schema, InputValidator validator) {
    if (validator == null) {
      return schema;
    }
    Map<String, Object> props = (Map<String, Object>) schema.get("properties");
    validator.keywords().forEach((key, keywords) -> {
      if (props.get(key) instanceof Map<?, ?> p) {
        Map<String, Object> merged = new LinkedHashMap<>((Map<String, Object>) p);
        merged.putAll(keywords);
        props.put(key, merged);
      }
    });
    if (!validator.required().isEmpty()) {
      schema.put("required", validator.required());
    }
    return schema;
  }

  private static Map<String, Object> context(Class<?> type) {
    if (type == null) {
      return null;
    }
    Map<String, Object> props = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    if (type.isRecord()) {
      for (RecordComponent c : type.getRecordComponents()) {
        props.put(c.getName(), property(c.getName(), c.getType()));
        required.add(c.getName());
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("properties", props);
    m.put("required", required);
    m.put("title", type.getSimpleName());
    m.put("type", "object");
    return m;
  }

  /** A property as pydantic spells it: a title from the name ({@code user_id} → {@code User Id}) and the type. */
  private static Map<String, Object> property(String name, Class<?> type) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("title", title(name));
    m.putAll(typeOf(type));
    return m;
  }

  static String title(String name) {
    StringBuilder out = new StringBuilder();
    for (String word : name.split("_")) {
      if (!word.isEmpty()) {
        out.append(out.isEmpty() ? "" : " ").append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
      }
    }
    return out.toString();
  }

  private static Map<String, Object> typeOf(Class<?> t) {
    if (t == null || t == Object.class) {
      return Map.of();
    }
    if (CharSequence.class.isAssignableFrom(t) || t == char.class || t == Character.class) {
      return Map.of("type", "string");
    }
    if (t == Integer.class || t == Long.class || t == Short.class || t == Byte.class
        || t == int.class || t == long.class || t == short.class || t == byte.class) {
      return Map.of("type", "integer");
    }
    if (Number.class.isAssignableFrom(t) || t == double.class || t == float.class) {
      return Map.of("type", "number");
    }
    if (t == Boolean.class || t == boolean.class) {
      return Map.of("type", "boolean");
    }
    if (List.class.isAssignableFrom(t) || java.util.Collection.class.isAssignableFrom(t) || t.isArray()) {
      return Map.of("type", "array", "items", Map.of());
    }
    return Map.of("type", "object");
  }
}
