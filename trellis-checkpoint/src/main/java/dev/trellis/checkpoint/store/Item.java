package dev.trellis.checkpoint.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A stored value: a JSON-like map under a namespace path and a key, with its timestamps. */
public record Item(List<String> namespace, String key, Map<String, Object> value, Instant createdAt, Instant updatedAt) {
  public Item {
    namespace = List.copyOf(namespace);
    value = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(value));
  }
}
