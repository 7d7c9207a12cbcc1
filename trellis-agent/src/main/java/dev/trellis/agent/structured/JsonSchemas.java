package dev.trellis.agent.structured;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * JSON schemas generated from records: components become properties (records nest as
 * objects, lists and sets as arrays, enums as string enums, {@code Optional} components are
 * not required, all others are), {@link Description} becomes {@code description}.
 * Unsupported component types are refused naming the component.
 */
final class JsonSchemas {
  private JsonSchemas() {}

  public static Map<String, Object> of(Class<? extends Record> type) {
    Map<String, Object> schema = object(type, new ArrayList<>());
    schema.put("title", type.getSimpleName());
    return schema;
  }

  private static Map<String, Object> object(Class<?> type, List<Class<?>> path) {
    if (path.contains(type)) {
      throw new IllegalArgumentException("record " + type.getName() + " contains itself; recursive schemas are not supported");
    }
    path.add(type);
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      Type t = c.getGenericType();
      boolean optional = c.getType() == Optional.class;
      if (optional) {
        t = ((ParameterizedType) t).getActualTypeArguments()[0];
      }
      Map<String, Object> p = schema(t, type.getSimpleName() + "." + c.getName(), path);
      Description d = c.getAnnotation(Description.class);
      if (d != null) {
        p.put("description", d.value());
      }
      properties.put(c.getName(), p);
      if (!optional) {
        required.add(c.getName());
      }
    }
    path.remove(type);
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    Description d = type.getAnnotation(Description.class);
    if (d != null) {
      schema.put("description", d.value());
    }
    schema.put("properties", properties);
    schema.put("required", required);
    schema.put("additionalProperties", false);
    return schema;
  }

  private static Map<String, Object> schema(Type t, String where, List<Class<?>> path) {
    Map<String, Object> s = new LinkedHashMap<>();
    if (t instanceof ParameterizedType pt && pt.getRawType() instanceof Class<?> raw
        && Collection.class.isAssignableFrom(raw)) {
      s.put("type", "array");
      s.put("items", schema(pt.getActualTypeArguments()[0], where + "[]", path));
      return s;
    }
    if (!(t instanceof Class<?> c)) {
      throw new IllegalArgumentException(where + ": cannot describe type " + t + " in a JSON schema");
    }
    if (c == String.class || c == char.class || c == Character.class) {
      s.put("type", "string");
    } else if (c == boolean.class || c == Boolean.class) {
      s.put("type", "boolean");
    } else if (c == int.class || c == Integer.class || c == long.class || c == Long.class || c == short.class
        || c == Short.class || c == java.math.BigInteger.class) {
      s.put("type", "integer");
    } else if (c == double.class || c == Double.class || c == float.class || c == Float.class
        || c == java.math.BigDecimal.class) {
      s.put("type", "number");
    } else if (c.isEnum()) {
      s.put("type", "string");
      List<String> values = new ArrayList<>();
      for (Object e : c.getEnumConstants()) {
        values.add(((Enum<?>) e).name());
      }
      s.put("enum", values);
    } else if (c.isRecord()) {
      return object(c, path);
    } else if (c.isArray()) {
      s.put("type", "array");
      s.put("items", schema(c.getComponentType(), where + "[]", path));
    } else {
      throw new IllegalArgumentException(where + ": cannot describe type " + c.getName()
          + " in a JSON schema (use records, strings, numbers, booleans, enums, lists and Optional)");
    }
    return s;
  }
}
