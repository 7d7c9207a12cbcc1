package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import java.util.List;
import java.util.Map;

/** The tests' view of a state's messages: LangChain message dicts, whether the state came from the graph (messages) or over HTTP (dicts). */
final class Wire {
  private Wire() {}

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> messages(Map<String, Object> state) {
    List<?> raw = (List<?>) state.getOrDefault("messages", List.of());
    return raw.stream().map(m -> m instanceof Message msg ? MessageWire.toMap(msg) : (Map<String, Object>) m).toList();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> toolCalls(Map<String, Object> message) {
    return (List<Map<String, Object>>) message.getOrDefault("tool_calls", List.of());
  }

  static String lastAiText(List<Map<String, Object>> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if ("ai".equals(messages.get(i).get("type"))) {
        return String.valueOf(messages.get(i).get("content"));
      }
    }
    return "";
  }

  static String lastHumanText(List<Map<String, Object>> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if ("human".equals(messages.get(i).get("type"))) {
        return String.valueOf(messages.get(i).get("content"));
      }
    }
    return "";
  }
}
