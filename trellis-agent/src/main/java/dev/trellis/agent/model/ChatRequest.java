package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;

/**
 * One model call: the conversation so far, the tools the model may call, and optionally a
 * JSON schema the answer must follow (structured output; null for free text).
 */
public record ChatRequest(List<Message> messages, List<ToolSpec> tools, Map<String, Object> responseSchema) {
  public ChatRequest {
    messages = List.copyOf(messages);
    tools = List.copyOf(tools == null ? List.of() : tools);
    responseSchema = responseSchema == null ? null : Map.copyOf(responseSchema);
  }

  public ChatRequest(List<Message> messages, List<ToolSpec> tools) {
    this(messages, tools, null);
  }
}
