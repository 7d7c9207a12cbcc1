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
  /** The values by name; built lazily from the slots for slot-backed states. */
  private Map<String, Object> values;
  private final Object arg;
  private final String[] names;
  private final Map<String, Integer> index;
  private final Object[] slots;
  private final Object absent;

  private State(Map<String, Object> values, Object arg) {
    this.values = values;
    this.arg = arg;
    this.names = null;
    this.index = null;
    this.slots = null;
    this.absent = null;
  }

  private State(String[] names, Map<String, Integer> index, Object[] slots, Object absent) {
    this.arg = null;
    this.names = names;
    this.index = index;
    this.slots = slots;
    this.absent = absent;
  }

  /**
   * A state over engine slots, for engines that keep state in arrays: {@code slots[i]} is
   * the value of {@code names[i]} ({@code absent} where there is none), {@code index} maps
   * a name to its slot (names it maps beyond {@code slots} are absent). Takes ownership of
   * {@code slots}: the caller must not change it afterwards. Reads cost one map lookup.
   */
  public static State ofSlots(String[] names, Map<String, Integer> index, Object[] slots, Object absent) {
    return new State(names, index, slots, absent);
  }

  /** The slot value of {@code name}, or {@code absent}. */
  private Object slot(String name) {
    Integer i = index.get(name);
    return i == null || i >= slots.length ? absent : slots[i];
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
    return (T) get(key.name());
  }

  /** The value of {@code key}, or {@code fallback} when it has none. */
  @SuppressWarnings("unchecked")
  public <T> T getOrDefault(Key<T> key, T fallback) {
    return contains(key.name()) ? (T) get(key.name()) : fallback;
  }

  /** The value under a key name, for dynamic (map-based) graphs. */
  public Object get(String name) {
    if (slots != null) {
      Object v = slot(name);
      return v == absent ? null : v;
    }
    return values.get(name);
  }

  public boolean contains(Key<?> key) {
    return contains(key.name());
  }

  public boolean contains(String name) {
    return slots != null ? slot(name) != absent : values.containsKey(name);
  }

  /** An unmodifiable map of every key that has a value (in schema order for graph states). */
  public Map<String, Object> toMap() {
    Map<String, Object> m = values;
    if (m == null) {
      Map<String, Object> built = new LinkedHashMap<>();
      for (int i = 0; i < slots.length; i++) {
        if (slots[i] != absent) {
          built.put(names[i], slots[i]);
        }
      }
      m = Collections.unmodifiableMap(built);
      values = m;
    }
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof State s && s.toMap().equals(toMap());
  }

  @Override
  public int hashCode() {
    return toMap().hashCode();
  }

  @Override
  public String toString() {
    return "State" + toMap();
  }
}
