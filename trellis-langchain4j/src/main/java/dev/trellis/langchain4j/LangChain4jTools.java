package dev.trellis.langchain4j;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tools from LangChain4j {@code @Tool} methods: the spec (name, description, parameters) comes
 * from LangChain4j's own reading of the method; calls bind arguments by parameter position in
 * that spec and convert JSON values to the parameter types. Compile with {@code -parameters}
 * (or annotate parameters with {@code @P}) so the model sees real argument names.
 */
public final class LangChain4jTools {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LangChain4jTools() {}

  /** Every {@code @Tool} method of the given objects, as Trellis tools. */
  public static List<Tool> from(Object... objects) {
    List<Tool> out = new ArrayList<>();
    for (Object target : objects) {
      for (Method m : target.getClass().getDeclaredMethods()) {
        if (m.isAnnotationPresent(dev.langchain4j.agent.tool.Tool.class)) {
          out.add(tool(target, m));
        }
      }
    }
    return out;
  }

  private static Tool tool(Object target, Method method) {
    ToolSpecification spec = ToolSpecifications.toolSpecificationFrom(method);
    List<String> names = new ArrayList<>();
    Map<String, Object> properties = new LinkedHashMap<>();
    JsonObjectSchema params = spec.parameters();
    if (params != null) {
      params.properties().forEach((name, schema) -> {
        names.add(name);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("type", type(schema));
        if (schema.description() != null) {
          p.put("description", schema.description());
        }
        properties.put(name, p);
      });
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", params == null || params.required() == null ? List.of() : params.required());
    method.setAccessible(true);
    return Tool.of(new ToolSpec(spec.name(), spec.description(), schema), (args, ctx) -> {
      Object[] values = new Object[method.getParameterCount()];
      for (int i = 0; i < values.length; i++) {
        Object raw = i < names.size() ? args.get(names.get(i)) : null;
        values[i] = raw == null ? null : JSON.convertValue(raw, JSON.constructType(method.getGenericParameterTypes()[i]));
      }
      try {
        return method.invoke(target, values);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      }
    });
  }

  private static String type(JsonSchemaElement s) {
    return switch (s) {
      case JsonStringSchema x -> "string";
      case JsonIntegerSchema x -> "integer";
      case JsonNumberSchema x -> "number";
      case JsonBooleanSchema x -> "boolean";
      default -> "string";
    };
  }
}
