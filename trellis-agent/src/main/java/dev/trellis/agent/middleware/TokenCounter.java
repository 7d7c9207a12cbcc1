package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import java.util.List;

/** Counts the tokens of messages, for token-budgeted middleware. */
@FunctionalInterface
public interface TokenCounter {
  /**
   * LangChain's {@code count_tokens_approximately}: about four characters per token (text and
   * tool-call arguments), plus three tokens of overhead per message.
   */
  TokenCounter APPROXIMATE = messages -> {
    long chars = 0;
    for (Message m : messages) {
      chars += m.text().length();
      if (m instanceof Message.Ai ai) {
        for (Message.ToolCall c : ai.toolCalls()) {
          chars += c.name().length() + String.valueOf(c.args()).length();
        }
      }
    }
    return (long) Math.ceil(chars / 4.0) + 3L * messages.size();
  };

  long count(List<Message> messages);
}
