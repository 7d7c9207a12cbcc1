package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import java.util.List;

/**
 * What a model call produced (LangChain's {@code ModelResponse}): the messages the model node
 * adds to state (usually one AI message) and, with a response format, the structured answer.
 * {@link AgentMiddleware#wrapModelCall} may return a different one.
 */
public record ModelResponse(List<Message> messages, Object structuredResponse) {
  public ModelResponse {
    messages = List.copyOf(messages);
  }

  public static ModelResponse of(Message.Ai ai) {
    return new ModelResponse(List.of(ai), null);
  }

  /** The last AI message, or null when there is none. */
  public Message.Ai ai() {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai) {
        return ai;
      }
    }
    return null;
  }
}
