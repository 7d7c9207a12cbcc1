package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.PythonRepr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counts the tokens of messages, for token-budgeted middleware. */
@FunctionalInterface
public interface TokenCounter {
  /**
   * LangChain's {@code count_tokens_approximately}: per message, a quarter of its characters
   * (rounded up) plus three. A message's characters are its text, its role's OpenAI name
   * ({@code user}, {@code assistant}, {@code system}, {@code tool}), its name (a tool message's
   * tool), an AI message's tool calls as Python prints them and a tool message's call id.
   */
  TokenCounter APPROXIMATE = messages -> {
    long tokens = 0;
    for (Message m : messages) {
      long chars = m.text().length();
      switch (m) {
        case Message.Human h -> chars += "user".length();
        case Message.System s -> chars += "system".length();
        case Message.Ai ai -> {
          chars += "assistant".length();
          if (!ai.toolCalls().isEmpty()) {
            chars += PythonRepr.of(toolCalls(ai)).length();
          }
        }
        case Message.Tool t -> chars += "tool".length() + t.toolCallId().length()
            + (t.name() == null ? 0 : t.name().length());
        case Message.Remove r -> { }
      }
      tokens += (chars + 3) / 4 + 3;
    }
    return tokens;
  };

  long count(List<Message> messages);

  /** An AI message's tool calls as LangChain holds them ({@code name}, {@code args}, {@code id}, {@code type}). */
  private static List<Map<String, Object>> toolCalls(Message.Ai ai) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      Map<String, Object> call = new LinkedHashMap<>();
      call.put("name", c.name());
      call.put("args", c.args());
      call.put("id", c.id());
      call.put("type", "tool_call");
      out.add(call);
    }
    return out;
  }
}
