package dev.trellis.checkpoint.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One store operation of a {@link Store#batch}: get, put (a null value deletes), search or list namespaces. */
public sealed interface Op {

  /** The item at (namespace, key), or null. */
  record Get(List<String> namespace, String key) implements Op {
    public Get {
      namespace = Namespaces.check(namespace);
      Objects.requireNonNull(key, "key");
    }
  }

  /** Stores {@code value} at (namespace, key); a null value deletes the item. */
  record Put(List<String> namespace, String key, Map<String, Object> value) implements Op {
    public Put {
      namespace = Namespaces.check(namespace);
      Objects.requireNonNull(key, "key");
    }
  }

  /**
   * Items whose namespace starts with {@code prefix} and whose value has every entry of
   * {@code filter} (top-level equality), newest update first, after skipping {@code offset}.
   */
  record Search(List<String> prefix, Map<String, Object> filter, int limit, int offset) implements Op {
    public Search {
      prefix = List.copyOf(prefix);
      filter = filter == null ? Map.of() : Map.copyOf(filter);
      if (limit < 1 || offset < 0) {
        throw new IllegalArgumentException("search needs limit >= 1 and offset >= 0, got " + limit + ", " + offset);
      }
    }
  }

  /** Namespaces that start with {@code prefix}, cut to {@code maxDepth} parts (0: full), sorted, paged. */
  record ListNamespaces(List<String> prefix, int maxDepth, int limit, int offset) implements Op {
    public ListNamespaces {
      prefix = List.copyOf(prefix);
      if (limit < 1 || offset < 0 || maxDepth < 0) {
        throw new IllegalArgumentException("listNamespaces needs limit >= 1, offset >= 0, maxDepth >= 0");
      }
    }
  }
}
