package dev.trellis.apps.opencouch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads the plain maps that stand for OpenCouch's state values where they are not records yet:
 * in a checkpoint written before the values were records, and in a value a client sent as JSON
 * (a run's input, a state update). Each record's {@code from} builds itself with these.
 */
public final class StoredMaps {
  private StoredMaps() {
  }

  /** {@code stored} as a record of {@code type}: the record as it is, a map built into one by {@code fromMap}, else {@code none}. */
  public static <R> R one(Object stored, Class<R> type, Function<Map<?, ?>, R> fromMap, R none) {
    if (type.isInstance(stored)) {
      return type.cast(stored);
    }
    return stored instanceof Map<?, ?> m ? fromMap.apply(m) : none;
  }

  /**
   * {@code entries} (null: none) as records of {@code type}: each record as it is, each map built
   * into one by {@code fromMap}.
   */
  public static <R> List<R> all(List<?> entries, Class<R> type, Function<Map<?, ?>, R> fromMap) {
    List<R> out = new ArrayList<>(entries == null ? 0 : entries.size());
    if (entries != null) {
      for (Object e : entries) {
        out.add(type.isInstance(e) ? type.cast(e) : fromMap.apply((Map<?, ?>) e));
      }
    }
    return out;
  }

  /** {@code m[key]} as a string ({@code String.valueOf} of a non-string), or null when absent or null. */
  public static String string(Map<?, ?> m, String key) {
    Object v = m.get(key);
    return v == null ? null : String.valueOf(v);
  }

  /** {@code m[key]} when it is a number, else {@code fallback}. */
  public static Number number(Map<?, ?> m, String key, Number fallback) {
    return m.get(key) instanceof Number n ? n : fallback;
  }

  /** {@code m[key]} when it is a boolean, else null. */
  public static Boolean bool(Map<?, ?> m, String key) {
    return m.get(key) instanceof Boolean b ? b : null;
  }
}
