package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import dev.trellis.runtime.MessageStream;
import java.util.function.Consumer;

/**
 * A chat model. One blocking call; adapters (LangChain4j, OpenAI-compatible HTTP) and the
 * {@link ScriptedChatModel} implement it. Implementations are thread-safe.
 */
public interface ChatModel {
  Message.Ai chat(ChatRequest request) throws Exception;

  /**
   * Whether the provider itself enforces {@code ChatRequest.responseSchema} (provider-native
   * structured output). Agents use the tool-calling strategy for models that do not.
   */
  default boolean supportsStructuredOutput() {
    return false;
  }

  /**
   * The provider serving this model ({@code openai}, {@code anthropic}, …, lower case), for
   * middleware that use provider-side features; null when unknown (the default).
   */
  default String provider() {
    return null;
  }

  /** The model's name, for per-model prices in budgets; defaults to the class's simple name. */
  default String name() {
    return getClass().getSimpleName();
  }

  /**
   * Streams the answer: {@code tokens} receives text pieces as they arrive, the result is the
   * whole message. The default calls {@link #chat} and delivers its text as one piece.
   */
  default Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    Message.Ai ai = chat(request);
    if (!ai.text().isEmpty()) {
      tokens.accept(ai.text());
    }
    return ai;
  }

  /**
   * Streams the answer into {@code out} with {@link #stream(ChatRequest, Consumer)} and
   * returns it under {@code out}'s message id — the id every streamed token carried — so the
   * tokens a client saw and the message a node stores are one message; reports the answer to
   * {@code out} as the call's end.
   */
  default Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
    Message.Ai ai = stream(request, out::write).withId(out.messageId());
    out.end(ai);
    return ai;
  }
}
