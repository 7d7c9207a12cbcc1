package dev.trellis.graph;

import dev.trellis.channel.AnyValue;
import dev.trellis.channel.BinaryOperatorAggregate;
import dev.trellis.channel.Channel;
import dev.trellis.channel.EphemeralValue;
import dev.trellis.channel.LastValue;
import dev.trellis.channel.Topic;
import dev.trellis.channel.UntrackedValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A typed state key: a channel name, its value type and the rule that folds writes.
 *
 * <p>Keys are immutable and compare by name. Reading a key from {@link State} returns a
 * {@code T} without casts in user code. Every factory throws
 * {@link dev.trellis.error.InvalidGraphException} ({@code INVALID_KEY}) for a name the engine
 * reserves (empty, or starting with {@code __}, {@code branch:to:} or {@code join:}).
 *
 * @param <T> the value type stored under this key
 */
public final class Key<T> {
  private final String name;
  private final Class<?> type;
  private final Function<String, Channel> channel;
  private final String kind;

  private Key(String name, Class<?> type, String kind, Function<String, Channel> channel) {
    this.name = Reserved.checkKey(Objects.requireNonNull(name, "name"));
    this.type = Objects.requireNonNull(type, "type");
    this.kind = kind;
    this.channel = channel;
  }

  /** A last-value key: holds the latest write; two writes in one step are an error. */
  public static <T> Key<T> of(String name, Class<T> type) {
    return new Key<>(name, type, "last", LastValue::new);
  }

  /** A list key whose writes (lists) are concatenated in task order; starts as an empty list. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <E> Key<List<E>> appending(String name, Class<E> elementType) {
    return new Key<>(name, List.class, "append",
        n -> new BinaryOperatorAggregate((BinaryOperator) Reducers.APPEND, List::of));
  }

  /** A numeric key whose writes are summed; starts at zero of the given type. */
  public static <N extends Number> Key<N> adding(String name, Class<N> type) {
    Object zero = Reducers.zero(type);
    return new Key<>(name, type, "add", n -> new BinaryOperatorAggregate(Reducers.ADD, () -> zero));
  }

  /** A map key whose writes are merged shallowly, later writes winning; starts empty. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Key<Map<String, Object>> merging(String name) {
    return new Key<>(name, Map.class, "merge", n -> new BinaryOperatorAggregate((BinaryOperator) Reducers.MERGE, Map::of));
  }

  /** A key folded by {@code reducer}; {@code initial} supplies the starting value (null: no value until written). */
  @SuppressWarnings("unchecked")
  public static <T> Key<T> reducing(String name, Class<T> type, BinaryOperator<T> reducer, Supplier<T> initial) {
    Objects.requireNonNull(reducer, "reducer");
    return new Key<>(name, type, "reduce",
        n -> new BinaryOperatorAggregate((BinaryOperator<Object>) reducer, (Supplier<Object>) initial));
  }

  /**
   * A key folded by {@code reducer} whose writes are first completed by {@code prepare}: once
   * per value a node writes, when the node finishes, before the write is saved, streamed or
   * folded — so the update a client sees, the saved write and the state agree (the messages
   * key gives every message its id this way). {@code prepare} must be pure.
   */
  @SuppressWarnings("unchecked")
  public static <T> Key<T> reducing(String name, Class<T> type, BinaryOperator<T> reducer, Supplier<T> initial,
      UnaryOperator<T> prepare) {
    Objects.requireNonNull(reducer, "reducer");
    Objects.requireNonNull(prepare, "prepare");
    return new Key<>(name, type, "reduce", n -> new BinaryOperatorAggregate((BinaryOperator<Object>) reducer,
        (Supplier<Object>) initial, v -> ((UnaryOperator<Object>) (UnaryOperator<?>) prepare).apply(v)));
  }

  /** A value visible only in the step after it was written, then cleared. */
  public static <T> Key<T> ephemeral(String name, Class<T> type) {
    return new Key<>(name, type, "ephemeral", n -> new EphemeralValue(n, true));
  }

  /** A value kept for the run but never checkpointed. */
  public static <T> Key<T> untracked(String name, Class<T> type) {
    return new Key<>(name, type, "untracked", n -> new UntrackedValue(n, true));
  }

  /** A list of every value written; {@code accumulate} keeps values across steps. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <E> Key<List<E>> topic(String name, Class<E> elementType, boolean accumulate) {
    return new Key<>(name, List.class, accumulate ? "topic+" : "topic", n -> new Topic(accumulate));
  }

  /** A value that accepts several (equal) writes per step; cleared by a step without writes. */
  public static <T> Key<T> anyValue(String name, Class<T> type) {
    return new Key<>(name, type, "any", n -> new AnyValue());
  }

  public String name() {
    return name;
  }

  /** The declared value type (the raw type for generic values). */
  public Class<?> type() {
    return type;
  }

  /** The update rule's short name: last, append, add, merge, reduce, ephemeral, untracked, topic, any. */
  public String kind() {
    return kind;
  }

  /** A fresh, empty channel implementing this key's rule; the engine makes one per key for each run it starts. */
  public Channel newChannel() {
    return channel.apply(name);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Key<?> k && k.name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return "Key[" + name + ":" + kind + "]";
  }
}
