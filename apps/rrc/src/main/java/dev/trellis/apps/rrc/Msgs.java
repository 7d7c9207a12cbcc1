package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pipeline's messages are OpenAI-format maps ({@code role}, {@code content},
 * {@code tool_calls}, {@code tool_call_id}), as the seed keeps them; this converts them to and
 * from the agent layer's {@link Message} for a chat-model call. A message a LangGraph client
 * sends in LangChain's shape ({@code type} human / ai / system / tool, tool calls as
 * {@code {id, name, args}}) reads as its OpenAI equivalent.
 */
final class Msgs {
  static final ObjectMapper JSON = new ObjectMapper();

  private Msgs() {}

  static Map<String, Object> system(String content) {
    return Map.of("role", "system", "content", content);
  }

  static Map<String, Object> user(String content) {
    return Map.of("role", "user", "content", content);
  }

  /** An assistant message with its tool calls (OpenAI shape: id, type, function{name, arguments}). */
  static Map<String, Object> assistant(String content, List<Map<String, Object>> toolCalls) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", "assistant");
    m.put("content", content == null ? "" : content);
    if (toolCalls != null && !toolCalls.isEmpty()) {
      m.put("tool_calls", List.copyOf(toolCalls));
    }
    return m;
  }

  static Map<String, Object> tool(String toolCallId, String name, String content) {
    return Map.of("role", "tool", "tool_call_id", toolCallId, "name", name, "content", content);
  }

  static Map<String, Object> toolCall(String id, String name, Map<String, Object> args) {
    return Map.of("id", id, "type", "function", "function", Map.of("name", name, "arguments", json(args)));
  }

  static String callId(Map<String, Object> call) {
    return (String) call.get("id");
  }

  @SuppressWarnings("unchecked")
  static String callName(Map<String, Object> call) {
    return call.get("function") instanceof Map<?, ?> f ? (String) f.get("name") : (String) call.get("name");
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> callArgs(Map<String, Object> call) {
    Object a = call.get("function") instanceof Map<?, ?> f ? f.get("arguments") : call.get("args");
    if (a instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    try {
      return a == null || a.toString().isBlank() ? Map.of() : JSON.readValue(a.toString(), new TypeReference<>() {});
    } catch (Exception e) {
      throw new IllegalArgumentException("tool call " + call.get("id") + " has arguments that are not a JSON object: " + a);
    }
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> toolCalls(Map<String, Object> message) {
    Object c = message.get("tool_calls");
    return c instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
  }

  /** The OpenAI role: {@code role}, else LangChain's {@code type} (human is user, ai is assistant). */
  static String role(Map<String, Object> m) {
    String r = String.valueOf(m.get("role") != null ? m.get("role") : m.get("type"));
    return switch (r) {
      case "human" -> "user";
      case "ai" -> "assistant";
      default -> r;
    };
  }

  static String content(Map<String, Object> m) {
    Object c = m.get("content");
    return c == null ? "" : c.toString();
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (Exception e) {
      throw new IllegalArgumentException("not JSON-serialisable: " + value, e);
    }
  }

  /** The messages as the agent layer's, for a chat-model call. */
  static List<Message> toAgent(List<Map<String, Object>> messages) {
    List<Message> out = new ArrayList<>();
    for (Map<String, Object> m : messages) {
      switch (role(m)) {
        case "system" -> out.add(new Message.System(null, content(m)));
        case "user" -> out.add(new Message.Human(null, content(m)));
        case "assistant" -> {
          List<Message.ToolCall> calls = new ArrayList<>();
          for (Map<String, Object> c : toolCalls(m)) {
            calls.add(new Message.ToolCall(callId(c), callName(c), callArgs(c)));
          }
          out.add(new Message.Ai(null, content(m), calls, null));
        }
        case "tool" -> out.add(new Message.Tool(null, content(m), (String) m.get("tool_call_id"), (String) m.get("name"), false));
        default -> throw new IllegalArgumentException("message with unknown role \"" + role(m)
            + "\" (a message needs role system, user, assistant or tool, or LangChain's type human, ai, system or tool): " + m);
      }
    }
    return out;
  }

  /** A model's answer as an OpenAI-format assistant message. */
  static Map<String, Object> fromAgent(Message.Ai ai) {
    List<Map<String, Object>> calls = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      calls.add(toolCall(c.id(), c.name(), c.args()));
    }
    return assistant(ai.text(), calls);
  }

  /** A copy of {@code messages} with {@code m} appended. */
  static List<Map<String, Object>> plus(List<Map<String, Object>> messages, Map<String, Object> m) {
    List<Map<String, Object>> out = new ArrayList<>(messages == null ? List.of() : messages);
    out.add(m);
    return out;
  }
}
