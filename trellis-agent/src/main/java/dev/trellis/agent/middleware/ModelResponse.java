package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.Update;
import java.util.List;

/**
 * What a model call produced (LangChain's {@code ModelResponse}): the messages the model node
 * adds to state (usually one AI message), with a response format the structured answer, and
 * any further state update a middleware attaches (LangChain's {@code ExtendedModelResponse}
 * command; e.g. the tokens a budget charged). {@link AgentMiddleware#wrapModelCall} may return
 * a different one.
 */
public record ModelResponse(List<Message> messages, Object structuredResponse, Update update) {
  public ModelResponse {
    messages = List.copyOf(messages);
    update = update == null ? Update.empty() : update;
  }

  public ModelResponse(List<Message> messages, Object structuredResponse) {
    this(messages, structuredResponse, Update.empty());
  }

  public static ModelResponse of(Message.Ai ai) {
    return new ModelResponse(List.of(ai), null, Update.empty());
  }

  /** The same response with {@code more} added to its state update (later values win per key). */
  public ModelResponse withUpdate(Update more) {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>(update.values());
    m.putAll(more.values());
    return new ModelResponse(messages, structuredResponse, Update.of(m));
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
