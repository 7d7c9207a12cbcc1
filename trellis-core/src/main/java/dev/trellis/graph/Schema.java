package dev.trellis.graph;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state keys of a graph, in declaration order. Immutable. Built from typed
 * {@link Key}s, from a record class whose components are the keys (annotated with
 * {@link Reduce} for non-last-value rules), or from names and rule names for graphs
 * built from data (specs, JSON).
 */
public final class Schema {
  private final Map<String, Key<?>> keys;

  private Schema(Map<String, Key<?>> keys) {
    this.keys = Collections.unmodifiableMap(keys);
  }

  /**
   * A schema of the given keys; names must be unique.
   *
   * @throws dev.trellis.error.InvalidGraphException {@code DUPLICATE_KEY} when two keys share a name
   */
  public static Schema of(Key<?>... keys) {
    return of(List.of(keys));
  }

  /**
   * As {@link #of(Key...)}.
   *
   * @throws dev.trellis.error.InvalidGraphException {@code DUPLICATE_KEY} when two keys share a name
   */
  public static Schema of(List<Key<?>> keys) {
    Map<String, Key<?>> m = new LinkedHashMap<>();
    for (Key<?> k : keys) {
      if (m.put(k.name(), k) != null) {
        throw new InvalidGraphException(ErrorCode.DUPLICATE_KEY, "state key \"" + k.name() + "\" is declared twice");
      }
    }
    return new Schema(m);
  }

  /**
   * A schema from a record: one key per component, last-value unless annotated with
   * {@link Reduce}. Read a whole state back as the record with {@link #read(State, Class)}.
   */
  public static Schema of(Class<? extends Record> type) {
    List<Key<?>> keys = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      Reduce r = c.getAnnotation(Reduce.class);
      keys.add(r == null ? Key.of(c.getName(), box(c.getType())) : fromRule(c.getName(), r.value(), box(c.getType())));
    }
    return of(keys);
  }

  /**
   * A dynamic schema: name → rule, where the rule is {@code last}, {@code append}, {@code add},
   * {@code merge}, {@code ephemeral}, {@code untracked}, {@code topic} or {@code any}.
   *
   * @throws dev.trellis.error.InvalidGraphException {@code UNKNOWN_REDUCER} for any other rule,
   *     {@code INVALID_KEY} for a reserved key name
   */
  public static Schema dynamic(Map<String, String> rules) {
    List<Key<?>> keys = new ArrayList<>();
    rules.forEach((name, rule) -> keys.add(fromRule(name, rule, Object.class)));
    return of(keys);
  }

  private static Key<?> fromRule(String name, String rule, Class<?> type) {
    return switch (rule) {
      case "last" -> Key.of(name, type);
      case "append" -> Key.appending(name, Object.class);
      case "add" -> Key.adding(name, Number.class.isAssignableFrom(type) && type != Number.class
          ? type.asSubclass(Number.class) : Number.class);
      case "merge" -> Key.merging(name);
      case "ephemeral" -> Key.ephemeral(name, type);
      case "untracked" -> Key.untracked(name, type);
      case "topic" -> Key.topic(name, Object.class, false);
      case "any" -> Key.anyValue(name, type);
      default -> throw new InvalidGraphException(ErrorCode.UNKNOWN_REDUCER, "state key \"" + name + "\" has unknown rule \""
          + rule + "\" (rules: last, append, add, merge, ephemeral, untracked, topic, any)");
    };
  }

  private static Class<?> box(Class<?> c) {
    if (!c.isPrimitive()) {
      return c;
    }
    return switch (c.getName()) {
      case "int" -> Integer.class;
      case "long" -> Long.class;
      case "double" -> Double.class;
      case "float" -> Float.class;
      case "boolean" -> Boolean.class;
      case "short" -> Short.class;
      case "byte" -> Byte.class;
      default -> Character.class;
    };
  }

  /** The keys in declaration order. */
  public List<Key<?>> keys() {
    return List.copyOf(keys.values());
  }

  /** The key named {@code name}, or null. */
  public Key<?> key(String name) {
    return keys.get(name);
  }

  public boolean has(String name) {
    return keys.containsKey(name);
  }

  /**
   * Builds a record of {@code type} from state: each component from the key of its name
   * (null, or 0/false for primitives, when absent).
   */
  public static <R extends Record> R read(State state, Class<R> type) {
    RecordComponent[] comps = type.getRecordComponents();
    Object[] args = new Object[comps.length];
    Class<?>[] types = new Class<?>[comps.length];
    for (int i = 0; i < comps.length; i++) {
      types[i] = comps[i].getType();
      Object v = state.get(comps[i].getName());
      args[i] = v == null && types[i].isPrimitive() ? defaultOf(types[i]) : v;
    }
    try {
      return type.getDeclaredConstructor(types).newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot build " + type.getName() + " from " + state, e);
    }
  }

  private static Object defaultOf(Class<?> c) {
    return switch (c.getName()) {
      case "boolean" -> false;
      case "long" -> 0L;
      case "double" -> 0.0;
      case "float" -> 0.0f;
      case "char" -> '\0';
      case "short" -> (short) 0;
      case "byte" -> (byte) 0;
      default -> 0;
    };
  }
}
