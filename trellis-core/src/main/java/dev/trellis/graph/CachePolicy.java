package dev.trellis.graph;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Serve a node's writes from the graph's cache when it sees the same input again.
 *
 * @param key computes the cache key from the node's input (default: the input itself, compared by equality)
 * @param ttl how long an entry lives; null keeps it until cleared
 */
public record CachePolicy(Function<State, Object> key, Duration ttl) {
  public CachePolicy {
    Objects.requireNonNull(key, "key");
  }

  /** Key by the whole input, entries kept until cleared. */
  public static CachePolicy byInput() {
    return new CachePolicy(State::toMap, null);
  }

  /** Key by the whole input, entries expire after {@code ttl}. */
  public static CachePolicy ttl(Duration ttl) {
    return new CachePolicy(State::toMap, ttl);
  }
}
