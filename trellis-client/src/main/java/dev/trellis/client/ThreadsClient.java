package dev.trellis.client;

import static dev.trellis.client.Transport.seg;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code /threads}: conversations with their checkpointed state — create, copy, search, read and
 * change the state, walk its history, and follow everything that happens on a thread. Optional
 * fields go in a map by their wire names, as in LangGraph's SDKs. Thread-safe.
 */
public final class ThreadsClient {
  private final Transport t;

  ThreadsClient(Transport t) {
    this.t = t;
  }

  /** A new thread with a fresh id. */
  public ThreadInfo create() {
    return create(Map.of());
  }

  /** A new thread with {@code fields}: {@code thread_id}, {@code metadata}, {@code if_exists} ({@code raise}/{@code do_nothing}), {@code ttl}. */
  public ThreadInfo create(Map<String, ?> fields) {
    return t.json("POST", "/threads", fields, Json.type(ThreadInfo.class));
  }

  public ThreadInfo get(String threadId) {
    return t.json("GET", "/threads/" + seg(threadId), null, Json.type(ThreadInfo.class));
  }

  /** Merges {@code metadata} into the thread's. */
  public ThreadInfo update(String threadId, Map<String, ?> metadata) {
    return t.json("PATCH", "/threads/" + seg(threadId), Map.of("metadata", metadata), Json.type(ThreadInfo.class));
  }

  /** Deletes the thread, its runs and checkpoints. */
  public void delete(String threadId) {
    t.json("DELETE", "/threads/" + seg(threadId), null, null);
  }

  /** A new thread with a copy of this one's history. */
  public ThreadInfo copy(String threadId) {
    return t.json("POST", "/threads/" + seg(threadId) + "/copy", null, Json.type(ThreadInfo.class));
  }

  /** Threads matching {@code query}: {@code metadata}, {@code values}, {@code status}, {@code ids}, {@code limit}, {@code offset}, {@code sort_by}, {@code sort_order}. */
  public List<ThreadInfo> search(Map<String, ?> query) {
    return t.json("POST", "/threads/search", query, Json.listOf(ThreadInfo.class));
  }

  public int count(Map<String, ?> query) {
    Integer n = t.json("POST", "/threads/count", query, Json.type(Integer.class));
    return n == null ? 0 : n;
  }

  /** The thread's latest state. */
  public ThreadState getState(String threadId) {
    return getState(threadId, null, false);
  }

  /** The state at {@code checkpointId} (null: the latest); {@code subgraphs} adds subgraph tasks' own states. */
  public ThreadState getState(String threadId, String checkpointId, boolean subgraphs) {
    String path = "/threads/" + seg(threadId) + "/state" + (checkpointId == null ? "" : "/" + seg(checkpointId))
        + (subgraphs ? "?subgraphs=true" : "");
    return t.json("GET", path, null, Json.type(ThreadState.class));
  }

  /** Writes {@code values} as if node {@code asNode} (null: the server's choice) had returned them; the new checkpoint. */
  public Checkpoint updateState(String threadId, Map<String, ?> values, String asNode) {
    return updateState(threadId, values, asNode, null);
  }

  /** Like {@link #updateState(String, Map, String)}, forking from {@code checkpointId}. */
  public Checkpoint updateState(String threadId, Map<String, ?> values, String asNode, String checkpointId) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("values", values);
    if (asNode != null) {
      body.put("as_node", asNode);
    }
    if (checkpointId != null) {
      body.put("checkpoint_id", checkpointId);
    }
    Map<?, ?> reply = t.json("POST", "/threads/" + seg(threadId) + "/state", body, Json.type(Map.class));
    return Json.MAPPER.convertValue(reply.get("checkpoint"), Checkpoint.class);
  }

  /** Merges {@code metadata} into the latest checkpoint's metadata. */
  public void patchState(String threadId, Map<String, ?> metadata) {
    t.json("PATCH", "/threads/" + seg(threadId) + "/state", Map.of("metadata", metadata), null);
  }

  /** The thread's last {@code limit} states, newest first. */
  public List<ThreadState> getHistory(String threadId, int limit) {
    return getHistory(threadId, limit, null, null);
  }

  /** States newest first: at most {@code limit}, before checkpoint {@code before} (null: from the latest), whose metadata contains {@code metadata} (null: all). */
  public List<ThreadState> getHistory(String threadId, int limit, String before, Map<String, ?> metadata) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("limit", limit);
    if (before != null) {
      body.put("before", Map.of("configurable", Map.of("checkpoint_id", before)));
    }
    if (metadata != null) {
      body.put("metadata", metadata);
    }
    return t.json("POST", "/threads/" + seg(threadId) + "/history", body, Json.listOf(ThreadState.class));
  }

  /**
   * Everything that happens on the thread from now on (or right after {@code lastEventId}):
   * {@code modes} are the thread stream's ({@code run_modes}, {@code lifecycle}, {@code state_update});
   * none means the server's default.
   */
  public EventStream joinStream(String threadId, String lastEventId, String... modes) {
    String q = modes.length == 0 ? ""
        : "?" + Arrays.stream(modes).map(m -> Transport.param("stream_mode", m)).collect(Collectors.joining("&"));
    Map<String, String> headers = lastEventId == null ? Map.of() : Map.of("Last-Event-ID", lastEventId);
    return new EventStream(t.open("GET", "/threads/" + seg(threadId) + "/stream" + q, null, headers));
  }
}
