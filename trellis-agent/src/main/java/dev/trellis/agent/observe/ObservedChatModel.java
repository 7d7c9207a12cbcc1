package dev.trellis.agent.observe;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.runtime.MessageStream;
import java.util.function.Consumer;

/** A model whose every call goes through {@link Observed}; made by {@link Observed#model}. */
final class ObservedChatModel implements ChatModel {
  private final ChatModel model;

  ObservedChatModel(ChatModel model) {
    this.model = java.util.Objects.requireNonNull(model, "model");
  }

  @Override
  public Message.Ai chat(ChatRequest request) throws Exception {
    return Observed.chat(model, request);
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    return Observed.stream(model, request, tokens);
  }

  @Override
  public Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
    return Observed.streamTo(model, request, out, null);
  }

  @Override
  public boolean supportsStructuredOutput() {
    return model.supportsStructuredOutput();
  }

  @Override
  public String provider() {
    return model.provider();
  }

  @Override
  public String name() {
    return model.name();
  }

  @Override
  public String toString() {
    return "observed " + model;
  }
}
