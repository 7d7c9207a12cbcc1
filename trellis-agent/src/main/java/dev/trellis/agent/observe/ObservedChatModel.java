package dev.trellis.agent.observe;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.DelegatingChatModel;
import dev.trellis.runtime.MessageStream;
import java.util.function.Consumer;

/** A model whose every call goes through {@link Observed}; the rest is the wrapped model's. Made by {@link Observed#model}. */
final class ObservedChatModel extends DelegatingChatModel {
  ObservedChatModel(ChatModel model) {
    super(model);
  }

  @Override
  public Message.Ai chat(ChatRequest request) throws Exception {
    return Observed.chat(delegate, request);
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    return Observed.stream(delegate, request, tokens);
  }

  @Override
  public Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
    return Observed.streamTo(delegate, request, out, null);
  }

  @Override
  public String toString() {
    return "observed " + delegate;
  }
}
