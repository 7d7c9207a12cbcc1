package dev.trellis.agent.structured;

import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads parsed JSON (maps, lists, strings, numbers, booleans) into a record following the
 * rules of {@link JsonSchemas}; a value that does not fit fails with
 * {@link StructuredOutputException} naming its path, e.g. {@code $.items[1].qty}.
 */
final class RecordReader {
  private RecordReader() {}

  static <R> R read(Object json, Class<R> type) {
    return type.cast(value(json, type, "$"));
  }

  private static Object value(Object json, Type t, String path) {
    if (t instanceof ParameterizedType pt && pt.getRawType() instanceof Class<?> raw
        && Collection.class.isAssignableFrom(raw)) {
      if (!(json instanceof List<?> list)) {
        throw bad(path, "an array", json);
      }
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        out.add(value(list.get(i), pt.getActualTypeArguments()[0], path + "[" + i + "]"));
      }
      return Set.class.isAssignableFrom(raw) ? java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(out))
          : java.util.Collections.unmodifiableList(out);
    }
    Class<?> c = (Class<?>) t;
    if (json == null) {
      throw new StructuredOutputException(path + " is missing");
    }
    if (c == String.class) {
      return json instanceof String s ? s : fail(path, "a string", json);
    }
    if (c == boolean.class || c == Boolean.class) {
      return json instanceof Boolean b ? b : fail(path, "true or false", json);
    }
    if (Number.class.isAssignableFrom(box(c))) {
      if (!(json instanceof Number n)) {
        throw bad(path, "a number", json);
      }
      Class<?> b = box(c);
      if ((b == Integer.class || b == Long.class || b == Short.class) && n.doubleValue() != Math.rint(n.doubleValue())) {
        throw bad(path, "an integer", json);
      }
      if (b == Integer.class) {
        return n.intValue();
      }
      if (b == Long.class) {
        return n.longValue();
      }
      if (b == Short.class) {
        return n.shortValue();
      }
      if (b == Float.class) {
        return n.floatValue();
      }
      if (b == java.math.BigDecimal.class) {
        return new java.math.BigDecimal(n.toString());
      }
      if (b == java.math.BigInteger.class) {
        return new java.math.BigInteger(n.toString());
      }
      return n.doubleValue();
    }
    if (c.isEnum()) {
      for (Object e : c.getEnumConstants()) {
        if (((Enum<?>) e).name().equals(json)) {
          return e;
        }
      }
      throw bad(path, "one of " + java.util.Arrays.toString(c.getEnumConstants()), json);
    }
    if (c.isArray()) {
      if (!(json instanceof List<?> list)) {
        throw bad(path, "an array", json);
      }
      Object arr = Array.newInstance(c.getComponentType(), list.size());
      for (int i = 0; i < list.size(); i++) {
        Array.set(arr, i, value(list.get(i), c.getComponentType(), path + "[" + i + "]"));
      }
      return arr;
    }
    if (c.isRecord()) {
      if (!(json instanceof Map<?, ?> map)) {
        throw bad(path, "an object", json);
      }
      RecordComponent[] comps = c.getRecordComponents();
      Object[] args = new Object[comps.length];
      Class<?>[] types = new Class<?>[comps.length];
      for (int i = 0; i < comps.length; i++) {
        RecordComponent rc = comps[i];
        types[i] = rc.getType();
        Object v = map.get(rc.getName());
        String p = path + "." + rc.getName();
        if (rc.getType() == Optional.class) {
          Type inner = ((ParameterizedType) rc.getGenericType()).getActualTypeArguments()[0];
          args[i] = v == null ? Optional.empty() : Optional.of(value(v, inner, p));
        } else {
          args[i] = value(v, rc.getGenericType(), p);
        }
      }
      try {
        var ctor = c.getDeclaredConstructor(types);
        ctor.setAccessible(true);
        return ctor.newInstance(args);
      } catch (java.lang.reflect.InvocationTargetException e) {
        throw new StructuredOutputException(path + " is not valid: " + e.getCause().getMessage());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot construct " + c.getName(), e);
      }
    }
    throw new IllegalArgumentException(path + ": cannot read type " + c.getName());
  }

  private static Class<?> box(Class<?> c) {
    if (!c.isPrimitive()) {
      return c;
    }
    return c == int.class ? Integer.class : c == long.class ? Long.class : c == double.class ? Double.class
        : c == float.class ? Float.class : c == short.class ? Short.class : c == boolean.class ? Boolean.class
        : c == char.class ? Character.class : Byte.class;
  }

  private static Object fail(String path, String expected, Object json) {
    throw bad(path, expected, json);
  }

  private static StructuredOutputException bad(String path, String expected, Object json) {
    return new StructuredOutputException(path + " should be " + expected + ", got " + json);
  }
}
