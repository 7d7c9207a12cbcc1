package dev.trellis.server.db;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * PostgreSQL's {@code jsonb @>} on JSON data in Java, as {@link ThreadQuery} builds it in SQL: an object
 * holds each key of the filter with a value containing the filter's, a list holds for each item of the
 * filter an item containing it (of the same kind: object, list or equal scalar), a scalar equals (numbers
 * by value). For thread values kept as checkpoint references, which SQL cannot look into, and the
 * metadata filters of lists answered in Java (assistants).
 */
public final class JsonContainment {
  private JsonContainment() {}

  /** Whether {@code actual} (JSON data) contains {@code filter}, as PostgreSQL's {@code jsonb @>} answers it. */
  public static boolean contains(Object actual, Object filter) {
    if (filter instanceof Map<?, ?> f) {
      if (!(actual instanceof Map<?, ?> a)) {
        return false;
      }
      for (Map.Entry<?, ?> e : f.entrySet()) {
        if (!a.containsKey(e.getKey()) || !contains(a.get(e.getKey()), e.getValue())) {
          return false;
        }
      }
      return true;
    }
    if (filter instanceof List<?> f) {
      if (!(actual instanceof List<?> a)) {
        return false;
      }
      for (Object item : f) {
        boolean found = false;
        for (Object x : a) {
          if (sameKind(x, item) && contains(x, item)) {
            found = true;
            break;
          }
        }
        if (!found) {
          return false;
        }
      }
      return true;
    }
    if (filter instanceof Number n) {
      return actual instanceof Number m && n.doubleValue() == m.doubleValue();
    }
    return !(actual instanceof Map<?, ?>) && !(actual instanceof List<?>) && Objects.equals(actual, filter);
  }

  private static boolean sameKind(Object a, Object b) {
    return (a instanceof Map<?, ?>) == (b instanceof Map<?, ?>) && (a instanceof List<?>) == (b instanceof List<?>);
  }
}
