package dev.trellis.checkpoint.cache;

import java.time.Duration;
import java.util.Optional;

/**
 * A store of node results by (namespace, key) with an optional time-to-live.
 * Implementations are thread-safe.
 */
public interface Cache {
  /** The value stored under {@code key} in {@code namespace}, if present and not expired. */
  Optional<Object> get(String namespace, Object key);

  /** Stores a value; {@code ttl} null keeps it until cleared. */
  void set(String namespace, Object key, Object value, Duration ttl);

  /** Removes every entry of the given namespaces (all entries when none are given). */
  void clear(String... namespaces);
}
