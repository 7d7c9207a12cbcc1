package dev.trellis.agent.middleware;

import dev.trellis.agent.model.ChatModel;
import java.util.List;

/**
 * When the model fails, asks the fallback models in order (LangChain's
 * {@code ModelFallbackMiddleware}); the first answer wins, and when every model fails the last
 * failure is thrown with the earlier ones suppressed.
 */
public final class ModelFallback implements AgentMiddleware {
  private final List<ChatModel> fallbacks;

  public ModelFallback(ChatModel first, ChatModel... more) {
    this.fallbacks = java.util.stream.Stream.concat(java.util.stream.Stream.of(first), java.util.stream.Stream.of(more))
        .toList();
  }

  @Override
  public String name() {
    return "ModelFallbackMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    Exception failure;
    try {
      return next.call(request);
    } catch (Exception e) {
      failure = e;
    }
    for (ChatModel m : fallbacks) {
      try {
        return next.call(request.withModel(m));
      } catch (Exception e) {
        e.addSuppressed(failure);
        failure = e;
      }
    }
    throw failure;
  }
}
