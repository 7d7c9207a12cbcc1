package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import dev.trellis.runtime.MessageStream;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A chat model that hands every {@link ChatModel} method to the model it wraps, so a wrapper
 * (an observing, redacting or routing model) overrides only what it changes and cannot forget
 * to forward a method: each method of {@code ChatModel} is forwarded here, once. A wrapper that
 * changes {@link #stream} and wants {@link #streamTo} to go through it (rather than to the
 * wrapped model's own {@code streamTo}) overrides {@code streamTo} with {@link #streamToThroughStream}.
 * Thread-safe when the wrapped model is and the subclass adds no mutable state.
 */
public abstract class DelegatingChatModel implements ChatModel {
  /** The wrapped model. */
  protected final ChatModel delegate;

  protected DelegatingChatModel(ChatModel delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public Message.Ai chat(ChatRequest request) throws Exception {
    return delegate.chat(request);
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    return delegate.stream(request, tokens);
  }

  @Override
  public Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
    return delegate.streamTo(request, out);
  }

  @Override
  public boolean supportsStructuredOutput() {
    return delegate.supportsStructuredOutput();
  }

  @Override
  public String provider() {
    return delegate.provider();
  }

  @Override
  public String name() {
    return delegate.name();
  }

  /**
   * What {@link ChatModel#streamTo} does by default, on this model: streams with this model's
   * own {@link #stream} into {@code out} and returns the answer under {@code out}'s message id.
   */
  protected final Message.Ai streamToThroughStream(ChatRequest request, MessageStream out) throws Exception {
    return ChatModel.super.streamTo(request, out);
  }
}
