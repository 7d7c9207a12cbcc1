package dev.trellis.client;

import static dev.trellis.client.Transport.seg;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /assistants}: graphs with their configuration, versioned. Optional fields go in a map
 * by their wire names, as in LangGraph's SDKs ({@code name}, {@code description}, {@code config},
 * {@code context}, {@code metadata}, {@code assistant_id}, {@code if_exists}; for search also
 * {@code graph_id}, {@code limit}, {@code offset}, {@code sort_by}, {@code sort_order}).
 * Thread-safe.
 */
public final class AssistantsClient {
  private final Transport t;

  AssistantsClient(Transport t) {
    this.t = t;
  }

  /** The assistant (by id, or the default assistant of a graph id). */
  public Assistant get(String assistantId) {
    return t.json("GET", "/assistants/" + seg(assistantId), null, Json.type(Assistant.class));
  }

  /** A new assistant of {@code graphId}. */
  public Assistant create(String graphId) {
    return create(graphId, Map.of());
  }

  /** A new assistant of {@code graphId} with {@code fields} ({@code name}, {@code config}, {@code if_exists}...). */
  public Assistant create(String graphId, Map<String, ?> fields) {
    Map<String, Object> body = new LinkedHashMap<>(fields);
    body.put("graph_id", graphId);
    return t.json("POST", "/assistants", body, Json.type(Assistant.class));
  }

  /** A new version of the assistant with {@code fields} changed; it becomes the latest. */
  public Assistant update(String assistantId, Map<String, ?> fields) {
    return t.json("PATCH", "/assistants/" + seg(assistantId), fields, Json.type(Assistant.class));
  }

  public void delete(String assistantId) {
    t.json("DELETE", "/assistants/" + seg(assistantId), null, null);
  }

  /** Assistants matching {@code query} ({@code graph_id}, {@code metadata}, {@code name}, {@code limit}...). */
  public List<Assistant> search(Map<String, ?> query) {
    return t.json("POST", "/assistants/search", query, Json.listOf(Assistant.class));
  }

  public int count(Map<String, ?> query) {
    Integer n = t.json("POST", "/assistants/count", query, Json.type(Integer.class));
    return n == null ? 0 : n;
  }

  /** The graph's drawing as JSON ({@code nodes}, {@code edges}); {@code xray} shows subgraphs' insides. */
  public Map<String, Object> graph(String assistantId, boolean xray) {
    return t.json("GET", "/assistants/" + seg(assistantId) + "/graph" + (xray ? "?xray=true" : ""), null,
        Json.type(Map.class));
  }

  /** The JSON schemas of the graph's input, output, state, config and context. */
  public Map<String, Object> schemas(String assistantId) {
    return t.json("GET", "/assistants/" + seg(assistantId) + "/schemas", null, Json.type(Map.class));
  }

  /** The schemas of the graph's subgraphs by namespace. */
  public Map<String, Object> subgraphs(String assistantId, boolean recurse) {
    return t.json("GET", "/assistants/" + seg(assistantId) + "/subgraphs" + (recurse ? "?recurse=true" : ""), null,
        Json.type(Map.class));
  }

  /** The assistant's versions, newest first. */
  public List<Assistant> versions(String assistantId, Map<String, ?> query) {
    return t.json("POST", "/assistants/" + seg(assistantId) + "/versions", query, Json.listOf(Assistant.class));
  }

  /** Makes {@code version} the one runs use. */
  public Assistant setLatest(String assistantId, int version) {
    return t.json("POST", "/assistants/" + seg(assistantId) + "/latest", Map.of("version", version),
        Json.type(Assistant.class));
  }
}
