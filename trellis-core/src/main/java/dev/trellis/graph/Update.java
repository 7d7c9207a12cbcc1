package dev.trellis.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A partial state update: values for some keys, folded into state by each key's rule.
 * Immutable; {@link #and} returns a copy. Key order is kept (it is the write order).
 */
public record Update(Map<String, Object> values) implements NodeResult {
  private static final Update EMPTY = new Update(Map.of());

  public Update {
    Objects.requireNonNull(values, "values");
    // One defensive copy; LinkedHashMap keeps write order and allows null values.
    values = values.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The update that changes nothing. */
  public static Update empty() {
    return EMPTY;
  }

  /** One key's value. */
  public static <T> Update of(Key<T> key, T value) {
    return EMPTY.and(key, value);
  }

  /** Two keys' values. */
  public static <A, B> Update of(Key<A> k1, A v1, Key<B> k2, B v2) {
    Map<String, Object> m = new LinkedHashMap<>(4);
    m.put(k1.name(), v1);
    m.put(k2.name(), v2);
    return new Update(m);
  }

  /** An update from a name → value map (dynamic graphs). */
  public static Update of(Map<String, ?> values) {
    return new Update(new LinkedHashMap<>(values));
  }

  /** A copy with {@code key} set to {@code value} (replacing an earlier value for it). */
  public <T> Update and(Key<T> key, T value) {
    Objects.requireNonNull(key, "key");
    Map<String, Object> m = new LinkedHashMap<>(values);
    m.put(key.name(), value);
    return new Update(m);
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }
}
