package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;

/**
 * One model call: the conversation so far, the tools the model may call, optionally a JSON
 * schema the answer must follow (structured output; null for free text), and settings for
 * this call (e.g. {@code temperature}, {@code max_tokens}; empty for the model's defaults).
 */
public record ChatRequest(List<Message> messages, List<ToolSpec> tools, Map<String, Object> responseSchema,
    Map<String, Object> settings) {
  public ChatRequest {
    messages = List.copyOf(messages);
    tools = List.copyOf(tools == null ? List.of() : tools);
    responseSchema = responseSchema == null ? null : Map.copyOf(responseSchema);
    settings = settings == null ? Map.of() : Map.copyOf(settings);
  }

  public ChatRequest(List<Message> messages, List<ToolSpec> tools, Map<String, Object> responseSchema) {
    this(messages, tools, responseSchema, Map.of());
  }

  public ChatRequest(List<Message> messages, List<ToolSpec> tools) {
    this(messages, tools, null, Map.of());
  }
}
