package dev.trellis.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An immutable view of graph state as a node or router sees it: the values of every
 * state key that has one. For a task started by a {@link Send}, the state is the Send's
 * argument instead.
 *
 * <p>Thread-safe; never null-valued for a key it {@linkplain #contains contains} unless
 * null was written.
 */
public final class State {
  private static final State EMPTY = new State(Map.of(), null);
  private final Map<String, Object> values;
  private final Object arg;

  private State(Map<String, Object> values, Object arg) {
    this.values = values;
    this.arg = arg;
  }

  /** A state over a copy of {@code values} (insertion order kept). */
  public static State of(Map<String, ?> values) {
    return values.isEmpty() ? EMPTY : new State(Collections.unmodifiableMap(new LinkedHashMap<>(values)), null);
  }

  /**
   * The input of a task started by a {@link Send}: a map argument is read like state
   * (and is also {@link #arg()}); any other argument is only {@link #arg()}.
   */
  public static State ofArg(Object arg) {
    if (arg instanceof Map<?, ?> m) {
      Map<String, Object> copy = new LinkedHashMap<>();
      m.forEach((k, v) -> copy.put(String.valueOf(k), v));
      return new State(Collections.unmodifiableMap(copy), arg);
    }
    return new State(Map.of(), arg);
  }

  /** The Send argument this task was started with; null for tasks triggered by edges. */
  public Object arg() {
    return arg;
  }

  /** The value of {@code key}, or null when it has none. */
  @SuppressWarnings("unchecked")
  public <T> T get(Key<T> key) {
    return (T) values.get(key.name());
  }

  /** The value of {@code key}, or {@code fallback} when it has none. */
  @SuppressWarnings("unchecked")
  public <T> T getOrDefault(Key<T> key, T fallback) {
    Object v = values.get(key.name());
    return v == null && !values.containsKey(key.name()) ? fallback : (T) v;
  }

  /** The value under a key name, for dynamic (map-based) graphs. */
  public Object get(String name) {
    return values.get(name);
  }

  public boolean contains(Key<?> key) {
    return values.containsKey(key.name());
  }

  public boolean contains(String name) {
    return values.containsKey(name);
  }

  /** An unmodifiable map of every key that has a value. */
  public Map<String, Object> toMap() {
    return values;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof State s && s.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return "State" + values;
  }
}
