package dev.trellis.graph;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;

/** The built-in reducers behind {@link Key#appending}, {@link Key#adding} and {@link Key#merging}. */
final class Reducers {
  private Reducers() {}

  /** Concatenates lists (a non-list write is appended as one element); the result is unmodifiable. */
  static final BinaryOperator<Object> APPEND = (a, b) -> {
    List<?> left = (List<?>) a;
    if (b instanceof Collection<?> right) {
      if (right.isEmpty()) {
        return left;
      }
      List<Object> out = new ArrayList<>(left.size() + right.size());
      out.addAll(left);
      out.addAll(right);
      return Collections.unmodifiableList(out);
    }
    List<Object> out = new ArrayList<>(left.size() + 1);
    out.addAll(left);
    out.add(b);
    return Collections.unmodifiableList(out);
  };

  /** Adds numbers, keeping integers integral and widening only as needed. */
  static final BinaryOperator<Object> ADD = (a, b) -> add((Number) a, (Number) b);

  /** Shallow map merge; keys of the right side win. */
  static final BinaryOperator<Object> MERGE = (a, b) -> {
    Map<?, ?> left = (Map<?, ?>) a;
    Map<?, ?> right = (Map<?, ?>) b;
    if (right == null || right.isEmpty()) {
      return left;
    }
    Map<Object, Object> out = new LinkedHashMap<>(left);
    out.putAll(right);
    return Collections.unmodifiableMap(out);
  };

  static Number add(Number a, Number b) {
    if (a instanceof BigDecimal || b instanceof BigDecimal) {
      return new BigDecimal(a.toString()).add(new BigDecimal(b.toString()));
    }
    if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) {
      return a.doubleValue() + b.doubleValue();
    }
    if (a instanceof BigInteger || b instanceof BigInteger) {
      return new BigInteger(a.toString()).add(new BigInteger(b.toString()));
    }
    long sum = a.longValue() + b.longValue();
    if (a instanceof Long || b instanceof Long || sum != (int) sum) {
      return sum;
    }
    return (int) sum;
  }

  static Object zero(Class<?> type) {
    if (type == Double.class) {
      return 0.0;
    }
    if (type == Float.class) {
      return 0.0f;
    }
    if (type == Long.class) {
      return 0L;
    }
    if (type == BigDecimal.class) {
      return BigDecimal.ZERO;
    }
    if (type == BigInteger.class) {
      return BigInteger.ZERO;
    }
    return 0;
  }
}
