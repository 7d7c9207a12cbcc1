package dev.trellis.checkpoint.store;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One store operation of a {@link Store#batch}: get, put (a null value deletes), search or list namespaces. */
public sealed interface Op {

  /** The item at (namespace, key), or null; {@code refreshTtl} restarts its time-to-live. */
  record Get(List<String> namespace, String key, boolean refreshTtl) implements Op {
    public Get {
      namespace = Namespaces.check(namespace);
      Objects.requireNonNull(key, "key");
    }

    public Get(List<String> namespace, String key) {
      this(namespace, key, true);
    }
  }

  /**
   * Stores {@code value} at (namespace, key); a null value deletes the item. {@code index}
   * overrides the store's indexed fields for this item (null: the store's; empty: not
   * indexed); {@code ttl} makes the item expire (null: never).
   */
  record Put(List<String> namespace, String key, Map<String, Object> value, List<String> index, Duration ttl)
      implements Op {
    public Put {
      namespace = Namespaces.check(namespace);
      Objects.requireNonNull(key, "key");
      index = index == null ? null : List.copyOf(index);
      if (ttl != null && (ttl.isZero() || ttl.isNegative())) {
        throw new IllegalArgumentException("ttl must be positive, got " + ttl);
      }
    }

    public Put(List<String> namespace, String key, Map<String, Object> value) {
      this(namespace, key, value, null, null);
    }
  }

  /**
   * Items whose namespace starts with {@code prefix} and whose value has every entry of
   * {@code filter} (top-level equality). Without {@code query}: newest update first; with a
   * query, ranked by {@code mode}: most similar first (needs an index; each item scored by its
   * best-matching field), most keyword-relevant first (items sharing no term with the query
   * are left out), or both fused by reciprocal rank ({@link Rrf}). The mode is ignored without
   * a query.
   */
  record Search(List<String> prefix, Map<String, Object> filter, String query, int limit, int offset,
                boolean refreshTtl, SearchMode mode) implements Op {
    public Search {
      prefix = List.copyOf(prefix);
      filter = filter == null ? Map.of() : Map.copyOf(filter);
      mode = mode == null ? SearchMode.SEMANTIC : mode;
      if (limit < 1 || offset < 0) {
        throw new IllegalArgumentException("search needs limit >= 1 and offset >= 0, got " + limit + ", " + offset);
      }
    }

    /** A semantic search when {@code query} is given. */
    public Search(List<String> prefix, Map<String, Object> filter, String query, int limit, int offset,
                  boolean refreshTtl) {
      this(prefix, filter, query, limit, offset, refreshTtl, SearchMode.SEMANTIC);
    }

    public Search(List<String> prefix, Map<String, Object> filter, int limit, int offset) {
      this(prefix, filter, null, limit, offset, true);
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
