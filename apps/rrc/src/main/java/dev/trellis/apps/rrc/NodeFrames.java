package dev.trellis.apps.rrc;

import dev.trellis.server.AppContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns a run's events ({@code updates} and {@code values}) into the seed's SSE frames: one
 * {@code node_end} per node completion with {@code {"event","node","data":{status, tokens_used,
 * message?}}} (the message, as {@code {role: assistant, content}}, when the node's update ends
 * with an AI message), and the final
 * {@code done} with {@code {"event","data":{execution_id, status, tokens_used, cost_usd}}}.
 * The first {@code values} event is the run's input. A run streaming {@code values} only (one
 * started through LangGraph's API with the default mode, then joined) gives the same frames: the
 * node is the state's {@code current_node} (every node writes it; the pipeline runs one node per
 * step) and the message is the new last message when the step changed the messages.
 * Not thread-safe: one per stream.
 */
final class NodeFrames {
  /** One SSE frame: its event name and JSON data. */
  record Frame(String event, String data) {}

  private String node;
  private Map<String, Object> update;
  private Map<String, Object> values = Map.of();
  private boolean input = true;
  private boolean updates;
  private String error;

  /** The frame this event completes, or null. */
  @SuppressWarnings("unchecked")
  Frame on(AppContext.Event e) {
    switch (e.event()) {
      case "updates" -> {
        updates = true;
        Map<String, Object> d = parse(e.data());
        var first = d.entrySet().iterator().next();
        if (!first.getKey().startsWith("__")) {
          node = first.getKey();
          update = first.getValue() instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        }
        return null;
      }
      case "values" -> {
        Map<String, Object> before = values;
        values = parse(e.data());
        if (input) {
          input = false;
          return null;
        }
        if (!updates && values.get("current_node") instanceof String current) {
          node = current;
          update = Objects.equals(before.get("messages"), values.get("messages")) ? Map.of()
              : Map.of("messages", values.getOrDefault("messages", List.of()));
        }
        if (node == null) {
          return null;
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("status", values.get("status"));
        data.put("tokens_used", values.getOrDefault("tokens_used", 0));
        if (update.get("messages") instanceof List<?> msgs && !msgs.isEmpty()
            && msgs.getLast() instanceof Map<?, ?> last && "ai".equals(last.get("type"))) {
          Map<String, Object> message = new LinkedHashMap<>();
          message.put("role", "assistant");
          message.put("content", String.valueOf(last.get("content")));
          data.put("message", message);
        }
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("event", "node_end");
        frame.put("node", node);
        frame.put("data", data);
        Frame f = new Frame("node_end", Msgs.json(frame));
        node = null;
        return f;
      }
      case "error" -> {
        error = e.data();
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /** The closing frame. */
  Frame done() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("execution_id", values.get("execution_id"));
    data.put("status", error != null ? GraphState.FAILED : values.get("status"));
    data.put("tokens_used", values.getOrDefault("tokens_used", 0));
    data.put("cost_usd", values.getOrDefault("cost_usd", 0.0));
    if (error != null) {
      data.put("error", parse(error).getOrDefault("message", error));
    }
    Map<String, Object> frame = new LinkedHashMap<>();
    frame.put("event", "done");
    frame.put("data", data);
    return new Frame("done", Msgs.json(frame));
  }

  /** The state after the last step seen. */
  Map<String, Object> values() {
    return values;
  }

  /** The run's error event data, or null. */
  String error() {
    return error;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String json) {
    try {
      Object v = Msgs.JSON.readValue(json, Object.class);
      // Jackson reads a JSON object as a Map<String, Object> already: no second conversion
      return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of("value", v);
    } catch (Exception ex) {
      return Map.of("message", json);
    }
  }
}
