package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import java.util.List;

/** One model call: the conversation so far and the tools the model may call. */
public record ChatRequest(List<Message> messages, List<ToolSpec> tools) {
  public ChatRequest {
    messages = List.copyOf(messages);
    tools = List.copyOf(tools == null ? List.of() : tools);
  }
}
