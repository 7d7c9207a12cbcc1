package dev.trellis.agent.middleware.pii;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.DelegatingChatModel;
import dev.trellis.runtime.MessageStream;
import java.util.function.Consumer;

/**
 * A chat model whose streamed tokens pass through one {@link Pii} rule before anyone sees them
 * (LangChain's PII stream transformer): the last {@link #LOOKBACK} characters are held back so
 * that data split across tokens is still found, the rest is released rewritten, and the tail is
 * flushed when the answer is complete. The answer itself is returned unchanged; the
 * middleware's {@code afterModel} rewrites it in state. {@code streamTo} streams through the
 * redaction too; everything else is the wrapped model's.
 */
final class RedactingModel extends DelegatingChatModel {
  /** Characters held back: longer than any built-in pattern's usual match. */
  static final int LOOKBACK = 128;

  private final Pii rule;

  RedactingModel(ChatModel model, Pii rule) {
    super(model);
    this.rule = rule;
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    StringBuilder held = new StringBuilder();
    Message.Ai ai = delegate.stream(request, token -> {
      held.append(token);
      String combined = rule.process(held.toString());
      int release = Math.max(0, combined.length() - LOOKBACK);
      if (release > 0) {
        tokens.accept(combined.substring(0, release));
      }
      held.setLength(0);
      held.append(combined, release, combined.length());
    });
    if (!held.isEmpty()) {
      tokens.accept(rule.process(held.toString()));
    }
    return ai;
  }

  @Override
  public Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
    return streamToThroughStream(request, out);
  }
}
