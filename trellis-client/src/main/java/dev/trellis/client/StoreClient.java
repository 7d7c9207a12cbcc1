package dev.trellis.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code /store}: the long-term memory graphs share across threads — JSON items under a key in
 * a namespace (a path of strings), searched by prefix, filter or meaning. Thread-safe.
 */
public final class StoreClient {
  private final Transport t;

  StoreClient(Transport t) {
    this.t = t;
  }

  /** Puts {@code value} under {@code key} in {@code namespace}. */
  public void putItem(List<String> namespace, String key, Map<String, ?> value) {
    putItem(namespace, key, value, null, null);
  }

  /**
   * Puts {@code value}; {@code index} the fields to embed for semantic search (null: the
   * store's default; an empty list: none), {@code ttlMinutes} its time to live (null: the default).
   */
  public void putItem(List<String> namespace, String key, Map<String, ?> value, List<String> index, Double ttlMinutes) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("namespace", namespace);
    body.put("key", key);
    body.put("value", value);
    if (index != null) {
      body.put("index", index.isEmpty() ? false : index);
    }
    if (ttlMinutes != null) {
      body.put("ttl", ttlMinutes);
    }
    t.json("PUT", "/store/items", body, null);
  }

  /** The item, or null when there is none. */
  public Item getItem(List<String> namespace, String key) {
    String q = "?" + Transport.param("key", key) + "&" + Transport.param("namespace", String.join(".", namespace));
    try {
      return t.json("GET", "/store/items" + q, null, Json.type(Item.class));
    } catch (TrellisApiException e) {
      if (e.status() == 404) {
        return null;
      }
      throw e;
    }
  }

  public void deleteItem(List<String> namespace, String key) {
    t.json("DELETE", "/store/items", Map.of("namespace", namespace, "key", key), null);
  }

  /**
   * Items under {@code namespacePrefix} whose values contain {@code filter} (null: all), ranked by
   * similarity to {@code query} when given (the store needs an index), at most {@code limit}.
   */
  public List<Item> searchItems(List<String> namespacePrefix, Map<String, ?> filter, String query, int limit,
      int offset) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("namespace_prefix", namespacePrefix);
    if (filter != null) {
      body.put("filter", filter);
    }
    if (query != null) {
      body.put("query", query);
    }
    body.put("limit", limit);
    body.put("offset", offset);
    Map<?, ?> reply = t.json("POST", "/store/items/search", body, Json.type(Map.class));
    return Json.MAPPER.convertValue(reply.get("items"), Json.listOf(Item.class));
  }

  /** The namespaces starting with {@code prefix} (empty: all), cut to {@code maxDepth} segments (null: whole). */
  public List<List<String>> listNamespaces(List<String> prefix, Integer maxDepth, int limit, int offset) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (!prefix.isEmpty()) {
      body.put("prefix", prefix);
    }
    if (maxDepth != null) {
      body.put("max_depth", maxDepth);
    }
    body.put("limit", limit);
    body.put("offset", offset);
    Map<?, ?> reply = t.json("POST", "/store/namespaces", body, Json.type(Map.class));
    return ((List<?>) reply.get("namespaces")).stream()
        .map(ns -> ((List<?>) ns).stream().map(String::valueOf).collect(Collectors.toList())).toList();
  }
}
