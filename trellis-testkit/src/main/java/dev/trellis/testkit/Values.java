package dev.trellis.testkit;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** JSON-value arithmetic and comparison with Python's semantics, for scenario ops and routes. */
final class Values {
  private Values() {}

  static Object append(Object a, Object b) {
    List<Object> out = new ArrayList<>((List<?>) a);
    out.addAll((List<?>) b);
    return out;
  }

  static Object merge(Object a, Object b) {
    Map<Object, Object> out = new LinkedHashMap<>((Map<?, ?>) a);
    out.putAll((Map<?, ?>) b);
    return out;
  }

  static Object add(Object a, Object b) {
    if (!(a instanceof Number x) || !(b instanceof Number y)) {
      throw new IllegalArgumentException("cannot add " + a + " and " + b);
    }
    if (x instanceof Double || y instanceof Double || x instanceof Float || y instanceof Float) {
      return x.doubleValue() + y.doubleValue();
    }
    long s = x.longValue() + y.longValue();
    return s == (int) s ? (Object) (int) s : (Object) s;
  }

  /** Python-style comparison: numbers by value, strings lexically; ordering None raises. */
  static boolean compare(String op, Object left, Object right) {
    if (op.equals("eq")) {
      return equal(left, right);
    }
    if (op.equals("ne")) {
      return !equal(left, right);
    }
    int c = order(left, right);
    return switch (op) {
      case "lt" -> c < 0;
      case "le" -> c <= 0;
      case "gt" -> c > 0;
      case "ge" -> c >= 0;
      default -> throw new IllegalArgumentException("unknown comparison " + op);
    };
  }

  private static boolean equal(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString())) == 0;
    }
    return Objects.equals(a, b);
  }

  private static int order(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
    }
    if (a instanceof String x && b instanceof String y) {
      return x.compareTo(y);
    }
    throw new IllegalArgumentException("'<' not supported between " + a + " and " + b);
  }
}
