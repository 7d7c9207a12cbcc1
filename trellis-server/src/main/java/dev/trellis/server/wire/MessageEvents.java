package dev.trellis.server.wire;

import dev.trellis.stream.StreamPart;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code messages-tuple} and (deprecated) {@code messages} stream modes, as LangGraph's
 * messages handler produces them: every token chunk of a chat model as
 * {@code [chunk, metadata]} under the answer's message id, then every message a node outputs
 * that was not sent already (tool results, non-streaming model answers) as one more tuple,
 * with the id the state keeps (the engine gives messages their ids before the update is
 * streamed) and the step it was made in. A message is sent once: a streamed answer is not
 * sent again with the node's update, a pushed message neither. The {@code messages} mode
 * sends {@code messages/metadata} once per message, {@code messages/partial} with the text so
 * far, and {@code messages/complete} when the node's output arrives.
 */
final class MessageEvents {
  private final StreamModes modes;
  private final String runId;
  private final String threadId;
  /** message id → the streamed answer so far (content accumulated), until the node's update. */
  private final Map<String, Map<String, Object>> open = new HashMap<>();
  /** Ids of messages already sent (streamed or pushed), so the node's update does not send them twice. */
  private final Set<String> seen = new HashSet<>();
  /** The last streamed token's node, step and namespace, and their metadata as JSON ({@link #chunkMeta}). */
  private String metaNode;
  private int metaStep;
  private List<String> metaNamespace;
  private com.fasterxml.jackson.databind.util.RawValue metaJson;

  MessageEvents(StreamModes modes, String runId, String threadId) {
    this.modes = modes;
    this.runId = runId;
    this.threadId = threadId;
  }

  boolean wanted() {
    return modes.messages();
  }

  void chunk(StreamPart.MessageChunk m, String suffix, List<StreamEncoder.Out> out) {
    String id = m.messageId();
    Object meta = chunkMeta(m.node(), m.step(), m.namespace());
    seen.add(id);
    Map<String, Object> so = open.get(id);
    boolean first = so == null;
    if (first) {
      so = aiChunk(id, "");
      open.put(id, so);
    }
    if (modes.wants("messages")) {
      // Only the messages mode's partials carry the answer so far (growing it per token costs O(n²)).
      so.put("content", so.get("content") + m.text());
    }
    if (modes.wants("messages-tuple")) {
      out.add(new StreamEncoder.Out("messages" + suffix, List.of(aiChunk(id, m.text()), meta)));
    }
    if (modes.wants("messages")) {
      if (first) {
        out.add(new StreamEncoder.Out("messages/metadata" + suffix, Map.of(id, Map.of("metadata", meta))));
      }
      out.add(new StreamEncoder.Out("messages/partial" + suffix, List.of(new LinkedHashMap<>(so))));
    }
  }

  /** A message a node pushed ({@code plain}: as JSON data): emitted now, and not again with the node's update. */
  void pushed(StreamPart.PushedMessage m, Object plain, String suffix, List<StreamEncoder.Out> out) {
    if (!(plain instanceof Map<?, ?> msg) || !(msg.get("type") instanceof String)) {
      return;
    }
    seen.add(String.valueOf(msg.get("id")));
    emit(msg, meta(m.node(), m.step(), m.namespace()), suffix, out);
  }

  /**
   * The root state after a step ({@code plain}: as JSON data): its messages are the next
   * nodes' input, which a node returning them again does not send again (LangGraph's handler
   * marks the messages of a node's input as seen).
   */
  void state(Map<String, Object> plain) {
    for (Object value : plain.values()) {
      if (value instanceof List<?> l) {
        for (Object one : l) {
          if (one instanceof Map<?, ?> msg && msg.get("type") instanceof String && msg.get("id") instanceof String id) {
            seen.add(id);
          }
        }
      }
    }
  }

  /**
   * A node's update ({@code plain}: as JSON data): completes the answers it streamed and emits
   * the messages it output that were not sent yet — those of every key, like LangGraph's handler.
   */
  void update(StreamPart.Updates u, Object plain, String suffix, List<StreamEncoder.Out> out) {
    if (!(plain instanceof Map<?, ?> values)) {
      return;
    }
    Map<String, Object> meta = meta(u.node(), u.step(), u.namespace());
    for (Object value : values.values()) {
      for (Object one : value instanceof List<?> l ? l : java.util.Collections.singletonList(value)) {
        if (!(one instanceof Map<?, ?> msg) || !(msg.get("type") instanceof String type) || type.equals("remove")
            || !msg.containsKey("content")) {
          continue;
        }
        String id = String.valueOf(msg.get("id"));
        Map<String, Object> streamed = open.remove(id);
        if (streamed != null && modes.wants("messages")) {
          out.add(new StreamEncoder.Out("messages/complete" + suffix, List.of(msg)));
        }
        if (seen.add(id)) {
          emit(msg, meta, suffix, out);
        }
      }
    }
  }

  /** One whole message on both modes. */
  private void emit(Map<?, ?> msg, Map<String, Object> meta, String suffix, List<StreamEncoder.Out> out) {
    if (modes.wants("messages-tuple")) {
      out.add(new StreamEncoder.Out("messages" + suffix, List.of(msg, meta)));
    }
    if (modes.wants("messages")) {
      String id = String.valueOf(msg.get("id"));
      out.add(new StreamEncoder.Out("messages/metadata" + suffix, Map.of(id, Map.of("metadata", meta))));
      out.add(new StreamEncoder.Out("messages/complete" + suffix, List.of(msg)));
    }
  }

  /**
   * The metadata of a streamed token, serialised once for all the tokens of one node's step
   * (every token of an answer carries the same): written as is into each event's JSON.
   */
  private Object chunkMeta(String node, int step, List<String> namespace) {
    if (metaJson == null || !node.equals(metaNode) || step != metaStep || !namespace.equals(metaNamespace)) {
      metaNode = node;
      metaStep = step;
      metaNamespace = namespace;
      metaJson = new com.fasterxml.jackson.databind.util.RawValue(Json.write(meta(node, step,
          namespace)));
    }
    return metaJson;
  }

  /** A LangChain {@code AIMessageChunk} dict. */
  static Map<String, Object> aiChunk(String id, String text) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("type", "AIMessageChunk");
    c.put("content", text);
    c.put("id", id);
    c.put("tool_calls", List.of());
    c.put("tool_call_chunks", List.of());
    c.put("additional_kwargs", Map.of());
    c.put("response_metadata", Map.of());
    return c;
  }

  /** LangGraph's metadata of a node's messages: the run, thread, node, step, triggers, path and namespace. */
  Map<String, Object> meta(String node, int step, List<String> namespace) {
    Map<String, Object> meta = new LinkedHashMap<>();
    String ns = String.join("|", namespace);
    meta.put("run_id", runId);
    meta.put("thread_id", threadId);
    meta.put("langgraph_node", node);
    meta.put("langgraph_step", step);
    meta.put("langgraph_triggers", List.of("branch:to:" + node));
    meta.put("langgraph_path", List.of("__pregel_pull", node));
    meta.put("langgraph_checkpoint_ns", ns);
    meta.put("checkpoint_ns", ns);
    meta.put("tags", List.of());
    return meta;
  }
}
