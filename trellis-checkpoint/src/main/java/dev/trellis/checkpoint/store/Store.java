package dev.trellis.checkpoint.store;

import java.util.List;
import java.util.Map;

/**
 * Long-term memory shared across threads and runs: JSON-like values under namespace paths
 * and keys. One batch method; the conveniences below call it. Implementations are
 * thread-safe, and a batch's puts are atomic where the backend has transactions.
 */
public interface Store {

  /**
   * Runs the operations in order; the result list holds, per op: Item or null (get), null (put),
   * List&lt;Item&gt; (search), List&lt;List&lt;String&gt;&gt; (list namespaces).
   *
   * @throws IllegalArgumentException an invalid namespace (empty, or a label with the separator)
   * @throws IllegalStateException a semantic search on a store built without an {@link IndexConfig},
   *     or the database failed
   */
  List<Object> batch(List<Op> ops);

  default Item get(List<String> namespace, String key) {
    return (Item) batch(List.of(new Op.Get(namespace, key))).getFirst();
  }

  default void put(List<String> namespace, String key, Map<String, Object> value) {
    batch(List.of(new Op.Put(namespace, key, java.util.Objects.requireNonNull(value, "value"))));
  }

  default void delete(List<String> namespace, String key) {
    batch(List.of(new Op.Put(namespace, key, null)));
  }

  /** Stores with a per-item index override (null: the store's fields; empty: not indexed) and a time-to-live (null: none). */
  default void put(List<String> namespace, String key, Map<String, Object> value, List<String> index,
                   java.time.Duration ttl) {
    batch(List.of(new Op.Put(namespace, key, java.util.Objects.requireNonNull(value, "value"), index, ttl)));
  }

  @SuppressWarnings("unchecked")
  default List<Item> search(List<String> prefix, Map<String, Object> filter, int limit, int offset) {
    return (List<Item>) batch(List.of(new Op.Search(prefix, filter, limit, offset))).getFirst();
  }

  /** Semantic search: items most similar to {@code query} first (the store needs an {@link IndexConfig}). */
  @SuppressWarnings("unchecked")
  default List<Item> search(List<String> prefix, String query, Map<String, Object> filter, int limit, int offset) {
    return (List<Item>) batch(List.of(new Op.Search(prefix, filter, query, limit, offset, true))).getFirst();
  }

  /** Keyword (full-text) search: items sharing terms with {@code query}, most relevant first; no index config needed. */
  @SuppressWarnings("unchecked")
  default List<Item> keywordSearch(List<String> prefix, String query, Map<String, Object> filter, int limit, int offset) {
    return (List<Item>) batch(List.of(new Op.Search(prefix, filter, java.util.Objects.requireNonNull(query, "query"),
        limit, offset, true, SearchMode.KEYWORD))).getFirst();
  }

  /**
   * Hybrid search: the semantic and keyword rankings fused by reciprocal rank ({@link Rrf});
   * each item's score is its fused score. Without an index config only the keyword ranking counts.
   */
  @SuppressWarnings("unchecked")
  default List<Item> hybridSearch(List<String> prefix, String query, Map<String, Object> filter, int limit, int offset) {
    return (List<Item>) batch(List.of(new Op.Search(prefix, filter, java.util.Objects.requireNonNull(query, "query"),
        limit, offset, true, SearchMode.HYBRID))).getFirst();
  }

  /** Deletes expired items now (reads already skip them); returns how many. */
  int sweep();

  @SuppressWarnings("unchecked")
  default List<List<String>> listNamespaces(List<String> prefix, int maxDepth, int limit, int offset) {
    return (List<List<String>>) batch(List.of(new Op.ListNamespaces(prefix, maxDepth, limit, offset))).getFirst();
  }
}
