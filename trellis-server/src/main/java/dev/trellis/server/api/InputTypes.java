package dev.trellis.server.api;

import dev.trellis.core.CompiledGraph;
import dev.trellis.error.InputViolation;
import dev.trellis.error.InvalidInputException;
import dev.trellis.graph.GraphSignature;
import dev.trellis.graph.InputValidator;
import dev.trellis.server.error.ServerException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Checks a run's input (and a command's {@code update}) against the graph's declared state key
 * types at the HTTP edge, so a value that certainly cannot be the key's type is a 422 naming the
 * key, the expected type and the value given, before any run exists. Lenient where the engine or
 * a reducer may convert: {@code null} clears a key; untyped ({@code Object}) keys, list keys
 * (a reducer may append a single value or decode messages) and application types (enums and
 * other classes, decoded by their own code) take anything; a whole number fits any numeric key.
 * A record-typed key takes an object, the JSON a record is sent and shown as (as a map key does).
 * Keys the graph does not declare are left to {@link InputFilter}.
 */
final class InputTypes {
  private InputTypes() {}

  /** Refuses the first value of {@code values} (input or update; may be null) that cannot be its key's type. */
  static void check(GraphSignature graph, Map<String, Object> values, String field) {
    if (values == null) {
      return;
    }
    values.forEach((key, value) -> {
      Class<?> type = graph.stateTypes().get(key);
      String expected = type == null ? null : expected(type, value);
      if (expected != null) {
        throw ServerException.invalid("\"" + field + "." + ServerException.echo(key) + "\" must be " + expected
            + " (declared " + type.getSimpleName() + "), got " + given(value) + " " + ServerException.echo(value));
      }
    });
  }

  /**
   * Refuses {@code input} (null for a resume: nothing to check) that breaks the constraints the
   * graph declares ({@code StateGraph.inputValidator}): an {@link InvalidInputException}, a 422
   * whose detail names each field and constraint, before any run or thread exists.
   */
  static void checkConstraints(CompiledGraph graph, Map<String, Object> input) {
    InputValidator validator = graph.signature().inputValidator();
    if (input == null || validator == null) {
      return;
    }
    List<InputViolation> violations = validator.validate(input);
    if (!violations.isEmpty()) {
      throw new InvalidInputException(graph.name(), violations);
    }
  }

  /** What {@code value} should have been for a key of {@code type}, or null when it fits (or may be converted). */
  private static String expected(Class<?> type, Object value) {
    if (value == null || type == Object.class || type.isInstance(value)) {
      return null;
    }
    if (CharSequence.class.isAssignableFrom(type) || type == Character.class || type == char.class) {
      return value instanceof String ? null : "a string";
    }
    if (type == Boolean.class || type == boolean.class) {
      return value instanceof Boolean ? null : "a boolean";
    }
    if (integral(type)) {
      return value instanceof Number n && whole(n) ? null : "an integer";
    }
    if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
      return value instanceof Number ? null : "a number";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "an object";
    }
    if (type.isRecord()) {
      return value instanceof Map ? null : "an object";
    }
    return null; // lists (reducers may take one element or decode it) and application types
  }

  private static boolean integral(Class<?> t) {
    return t == Integer.class || t == Long.class || t == Short.class || t == Byte.class || t == BigInteger.class
        || t == int.class || t == long.class || t == short.class || t == byte.class;
  }

  private static boolean whole(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      return !Double.isInfinite(d) && d == Math.rint(d);
    }
    return !(n instanceof BigDecimal b) || b.stripTrailingZeros().scale() <= 0;
  }

  private static String given(Object value) {
    return switch (value) {
      case String s -> "the string";
      case Number n -> "the number";
      case Boolean b -> "the boolean";
      case List<?> l -> "the array";
      case Collection<?> c -> "the array";
      case Map<?, ?> m -> "the object";
      default -> value.getClass().getSimpleName();
    };
  }
}
