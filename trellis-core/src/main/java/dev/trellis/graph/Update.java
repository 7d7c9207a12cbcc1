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
    // One defensive copy (none for maps this class built itself); LinkedHashMap keeps write order and allows nulls.
    if (!(values instanceof Frozen)) {
      values = values.isEmpty() ? Map.of() : new Frozen(new LinkedHashMap<>(values));
    }
  }

  /** An unmodifiable map over a LinkedHashMap nothing else references. */
  private static final class Frozen extends java.util.AbstractMap<String, Object> {
    private final Map<String, Object> inner;
    private final java.util.Set<Map.Entry<String, Object>> entries;

    Frozen(Map<String, Object> inner) {
      this.inner = inner;
      this.entries = Collections.unmodifiableMap(inner).entrySet();
    }

    @Override
    public java.util.Set<Map.Entry<String, Object>> entrySet() {
      return entries;
    }

    @Override
    public Object get(Object key) {
      return inner.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return inner.containsKey(key);
    }

    @Override
    public int size() {
      return inner.size();
    }
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
    return new Update(new Frozen(m));
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
    return new Update(new Frozen(m));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }
}
