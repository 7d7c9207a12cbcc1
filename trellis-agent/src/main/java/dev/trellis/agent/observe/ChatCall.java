package dev.trellis.agent.observe;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.runtime.Runtime;
import java.util.Objects;

/**
 * One chat-model call as an observer sees it when it starts: the model, what it is sent, and the
 * runtime of the node making it (null outside a node, e.g. a call from application code that has
 * none at hand).
 */
public record ChatCall(ChatModel model, ChatRequest request, Runtime runtime) {
  public ChatCall {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(request, "request");
  }

  /** The model the call asks for: the request's {@link ChatRequest#MODEL} setting when it names one, else the model's name. */
  public String requestModel() {
    return request.settings().get(ChatRequest.MODEL) instanceof String named && !named.isBlank() ? named : model.name();
  }
}
