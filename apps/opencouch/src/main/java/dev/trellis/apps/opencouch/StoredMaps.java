package dev.trellis.apps.opencouch;

import java.util.Map;

/**
 * Reads the plain maps that stand for OpenCouch's state values where they are not records yet:
 * in a checkpoint written before the values were records, and in a value a client sent as JSON
 * (a run's input, a state update). Each record's {@code from} builds itself with these.
 */
public final class StoredMaps {
  private StoredMaps() {
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
