package dev.trellis.server.queue;

import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code messages-tuple} and (deprecated) {@code messages} stream modes, as LangGraph's
 * messages handler produces them: every token chunk of a chat model as
 * {@code [chunk, metadata]}, then every message a node outputs that was not streamed already
 * (tool results, non-streaming model answers) as one more tuple; a message a node pushed is
 * sent whole when pushed, and not again with the update. The {@code messages} mode
 * sends {@code messages/metadata} once per message, {@code messages/partial} with the text so
 * far, and {@code messages/complete} when the node's output arrives.
 */
final class MessageEvents {
  private final Set<String> modes;
  private final String runId;
  private final String threadId;
  /** node → the streamed message so far (content accumulated), until the node's update. */
  private final Map<String, Map<String, Object>> open = new HashMap<>();
  private final Map<String, Integer> steps = new HashMap<>();
  /** Ids of messages already sent as pushed, so the node's update does not send them twice. */
  private final Set<String> pushedIds = new java.util.HashSet<>();

  MessageEvents(Set<String> modes, String runId, String threadId) {
    this.modes = modes;
    this.runId = runId;
    this.threadId = threadId;
  }

  boolean wanted() {
    return modes.contains("messages-tuple") || modes.contains("messages");
  }

  void chunk(StreamPart.MessageChunk m, String suffix, List<StreamEncoder.Out> out) {
    String id = chunkId(runId, m);
    Map<String, Object> meta = meta(m.node(), m.step(), m.namespace());
    steps.put(m.node(), m.step());
    Map<String, Object> so = open.get(m.node());
    boolean first = so == null || !id.equals(so.get("id"));
    if (first) {
      so = aiChunk(id, "");
      open.put(m.node(), so);
    }
    so.put("content", so.get("content") + m.text());
    if (modes.contains("messages-tuple")) {
      out.add(new StreamEncoder.Out("messages" + suffix, List.of(aiChunk(id, m.text()), meta)));
    }
    if (modes.contains("messages")) {
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
    pushedIds.add(String.valueOf(msg.get("id")));
    Map<String, Object> meta = meta(m.node(), m.step(), m.namespace());
    if (modes.contains("messages-tuple")) {
      out.add(new StreamEncoder.Out("messages" + suffix, List.of(msg, meta)));
    }
    if (modes.contains("messages")) {
      String id = String.valueOf(msg.get("id"));
      out.add(new StreamEncoder.Out("messages/metadata" + suffix, Map.of(id, Map.of("metadata", meta))));
      out.add(new StreamEncoder.Out("messages/complete" + suffix, List.of(msg)));
    }
  }

  /** A node's update ({@code plain}: as JSON data): completes its streamed message and emits the messages it output that were not streamed. */
  void update(StreamPart.Updates u, Object plain, String suffix, List<StreamEncoder.Out> out) {
    Map<String, Object> streamed = open.remove(u.node());
    Object messages = plain instanceof Map<?, ?> m ? m.get("messages") : null;
    List<Map<?, ?>> emitted = new ArrayList<>();
    for (Object one : messages instanceof List<?> l ? l : messages == null ? List.of() : List.of(messages)) {
      if (one instanceof Map<?, ?> msg && msg.get("type") instanceof String
          && !pushedIds.remove(String.valueOf(msg.get("id")))) {
        emitted.add(msg);
      }
    }
    Integer step = steps.remove(u.node());
    Map<String, Object> meta = meta(u.node(), step == null ? -1 : step, u.namespace());
    for (Map<?, ?> msg : emitted) {
      boolean wasStreamed = streamed != null && "ai".equals(msg.get("type"));
      if (wasStreamed) {
        Map<String, Object> done = new LinkedHashMap<>(streamed);
        done.put("type", "ai");
        done.put("tool_calls", msg.get("tool_calls") == null ? List.of() : msg.get("tool_calls"));
        if (modes.contains("messages")) {
          out.add(new StreamEncoder.Out("messages/complete" + suffix, List.of(done)));
        }
        continue;
      }
      if (modes.contains("messages-tuple")) {
        out.add(new StreamEncoder.Out("messages" + suffix, List.of(msg, meta)));
      }
      if (modes.contains("messages")) {
        String id = String.valueOf(msg.get("id"));
        out.add(new StreamEncoder.Out("messages/metadata" + suffix, Map.of(id, Map.of("metadata", meta))));
        out.add(new StreamEncoder.Out("messages/complete" + suffix, List.of(msg)));
      }
    }
  }

  /** The id of the message a chunk belongs to: one per run, node and step (the chat model's run in LangChain terms). */
  static String chunkId(String runId, StreamPart.MessageChunk m) {
    return "run-" + runId + "-" + m.node() + "-" + m.step();
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

  private Map<String, Object> meta(String node, int step, List<String> namespace) {
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
