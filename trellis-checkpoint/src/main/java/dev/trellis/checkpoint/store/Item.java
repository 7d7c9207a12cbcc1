package dev.trellis.checkpoint.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A stored value: a JSON-like map under a namespace path and a key, with its timestamps;
 * {@code score} is the similarity to the query for semantic search results, else null.
 */
public record Item(List<String> namespace, String key, Map<String, Object> value, Instant createdAt, Instant updatedAt,
                   Double score) {
  public Item {
    namespace = List.copyOf(namespace);
    value = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(value));
  }

  public Item(List<String> namespace, String key, Map<String, Object> value, Instant createdAt, Instant updatedAt) {
    this(namespace, key, value, createdAt, updatedAt, null);
  }

  Item withScore(double s) {
    return new Item(namespace, key, value, createdAt, updatedAt, s);
  }
}
