package dev.trellis.server.api;

import dev.trellis.server.error.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How A2A messages and a graph's values map onto each other, in A2A 0.3's shapes ({@link A2aV1}
 * translates 1.0's). In: the data
 * parts of a message (objects, merged) are the run's input; its text parts, joined, become one
 * user message ({@code {"messages": [{"role": "user", "content": text}]}}) for a graph whose input
 * takes {@code messages}. A resume value is the data part when there is one, else the text. Out:
 * a run's values are a data part, led by a text part holding the last AI message's text when the
 * values hold messages; an interrupt is a text part when its value is text, else a data part.
 */
final class A2aParts {
  private A2aParts() {}

  /** The run input {@code message} makes for a graph whose input keys are {@code inputKeys}. */
  static Map<String, Object> input(Map<String, Object> message, List<String> inputKeys, String assistant) {
    Map<String, Object> data = data(message);
    String text = text(message);
    Map<String, Object> input = new LinkedHashMap<>(data == null ? Map.of() : data);
    if (text != null && inputKeys.contains("messages") && !input.containsKey("messages")) {
      input.put("messages", List.of(Map.of("role", "user", "content", text)));
    } else if (data == null) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "assistant " + assistant + " takes no chat messages: send its"
          + " input as a data part ({\"data\": {...}}; in A2A 0.3 {\"kind\": \"data\", \"data\": {...}}); input keys: "
          + String.join(", ", inputKeys));
    }
    return input;
  }

  /** The value an interrupted task resumes with: the message's data, else its text. */
  static Object resume(Map<String, Object> message) {
    Map<String, Object> data = data(message);
    return data != null ? data : text(message);
  }

  /** The parts of a run's final values. */
  static List<Map<String, Object>> ofValues(Map<String, Object> values) {
    List<Map<String, Object>> parts = new ArrayList<>();
    String said = lastAiText(values.get("messages"));
    if (said != null) {
      parts.add(text(said));
    }
    parts.add(Map.of("kind", "data", "data", values));
    return parts;
  }

  /** The parts of the interrupts a run stopped at ({@code [{value, id}]}). */
  static List<Map<String, Object>> ofInterrupts(List<?> interrupts) {
    List<Map<String, Object>> parts = new ArrayList<>();
    for (Object i : interrupts) {
      Object value = i instanceof Map<?, ?> m ? m.get("value") : i;
      parts.add(value instanceof String s ? text(s) : Map.of("kind", "data", "data", Map.of("interrupt", value)));
    }
    return parts;
  }

  /** An agent message of a task. */
  static Map<String, Object> agentMessage(List<Map<String, Object>> parts, String taskId, String contextId) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", "message");
    m.put("messageId", UUID.randomUUID().toString());
    m.put("role", "agent");
    m.put("parts", parts);
    m.put("taskId", taskId);
    m.put("contextId", contextId);
    return m;
  }

  static Map<String, Object> text(String text) {
    return Map.of("kind", "text", "text", text);
  }

  /**
   * Checks {@code message} is a user message with parts A2A defines and this server reads (text
   * and data; files are refused); throws {@link A2aApi.RpcError} naming what is wrong.
   */
  static void check(Object message) {
    if (!(message instanceof Map<?, ?> m)) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message must be an A2A Message object");
    }
    if (!"user".equals(m.get("role"))) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message.role must be \"user\", got " + m.get("role"));
    }
    if (!(m.get("messageId") instanceof String id) || id.isBlank()) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message.messageId is required");
    }
    if (!(m.get("parts") instanceof List<?> parts) || parts.isEmpty()) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message.parts must be a non-empty list");
    }
    for (Object p : parts) {
      Object kind = p instanceof Map<?, ?> pm ? pm.get("kind") : null;
      if ("file".equals(kind)) {
        throw new A2aApi.RpcError(A2aApi.CONTENT_TYPE_NOT_SUPPORTED, "file parts are not supported: send text or data");
      }
      boolean ok = p instanceof Map<?, ?> pm && ("text".equals(kind) && pm.get("text") instanceof String
          || "data".equals(kind) && pm.get("data") instanceof Map<?, ?>);
      if (!ok) {
        throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "each part must be {\"kind\": \"text\", \"text\": string} or"
            + " {\"kind\": \"data\", \"data\": object}, got " + ApiException.echo(p));
      }
    }
    for (String key : List.of("taskId", "contextId")) {
      if (m.get(key) != null && !(m.get(key) instanceof String)) {
        throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message." + key + " must be a string");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(Map<String, Object> message) {
    Map<String, Object> out = null;
    for (Object p : (List<?>) message.get("parts")) {
      Map<String, Object> part = (Map<String, Object>) p;
      if ("data".equals(part.get("kind"))) {
        if (out == null) {
          out = new LinkedHashMap<>();
        }
        out.putAll((Map<String, Object>) part.get("data"));
      }
    }
    return out;
  }

  private static String text(Map<String, Object> message) {
    List<String> texts = new ArrayList<>();
    for (Object p : (List<?>) message.get("parts")) {
      if (p instanceof Map<?, ?> part && "text".equals(part.get("kind"))) {
        texts.add((String) part.get("text"));
      }
    }
    return texts.isEmpty() ? null : String.join("\n", texts);
  }

  /** The text of the last AI message among LangGraph wire messages, or null. */
  private static String lastAiText(Object messages) {
    if (!(messages instanceof List<?> list)) {
      return null;
    }
    for (int i = list.size() - 1; i >= 0; i--) {
      if (list.get(i) instanceof Map<?, ?> m && ("ai".equals(m.get("type")) || "assistant".equals(m.get("role")))) {
        Object content = m.get("content");
        if (content instanceof String s) {
          return s.isEmpty() ? null : s;
        }
        if (content instanceof List<?> blocks) {
          StringBuilder sb = new StringBuilder();
          blocks.forEach(b -> {
            if (b instanceof Map<?, ?> bm && "text".equals(bm.get("type")) && bm.get("text") instanceof String t) {
              sb.append(t);
            }
          });
          return sb.isEmpty() ? null : sb.toString();
        }
        return null;
      }
    }
    return null;
  }
}
