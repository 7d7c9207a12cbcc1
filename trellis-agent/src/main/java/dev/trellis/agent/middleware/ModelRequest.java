package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.graph.State;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One model call as {@link AgentMiddleware#wrapModelCall} sees it (LangChain's
 * {@code ModelRequest}): the model, the system prompt, the messages (without the prompt),
 * the tools offered, the structured-output schema, per-call settings, and the agent state and
 * runtime it was made from. Changing it changes this call only, never the state: use the
 * {@code with…} copies.
 */
public record ModelRequest(ChatModel model, String systemPrompt, List<Message> messages, List<ToolSpec> tools,
    Map<String, Object> responseSchema, Map<String, Object> settings, State state, Runtime runtime) {
  public ModelRequest {
    Objects.requireNonNull(model, "model");
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
    responseSchema = responseSchema == null ? null : Map.copyOf(responseSchema);
    settings = settings == null ? Map.of() : Map.copyOf(settings);
  }

  public ModelRequest withModel(ChatModel other) {
    return new ModelRequest(other, systemPrompt, messages, tools, responseSchema, settings, state, runtime);
  }

  public ModelRequest withSystemPrompt(String prompt) {
    return new ModelRequest(model, prompt, messages, tools, responseSchema, settings, state, runtime);
  }

  /** The model sees these messages instead (LangGraph's {@code llm_input_messages}); state keeps its own. */
  public ModelRequest withMessages(List<Message> other) {
    return new ModelRequest(model, systemPrompt, other, tools, responseSchema, settings, state, runtime);
  }

  /** Offer only these tools on this call (dynamic tool selection); they must be tools the agent knows. */
  public ModelRequest withTools(List<ToolSpec> other) {
    return new ModelRequest(model, systemPrompt, messages, other, responseSchema, settings, state, runtime);
  }

  public ModelRequest withResponseSchema(Map<String, Object> schema) {
    return new ModelRequest(model, systemPrompt, messages, tools, schema, settings, state, runtime);
  }

  public ModelRequest withSettings(Map<String, Object> other) {
    return new ModelRequest(model, systemPrompt, messages, tools, responseSchema, other, state, runtime);
  }

  /** What the chat model receives: the system prompt (if any) first, then the messages. */
  public ChatRequest toChatRequest() {
    List<Message> all = new ArrayList<>(messages.size() + 1);
    if (systemPrompt != null && !systemPrompt.isEmpty()) {
      all.add(Message.system(systemPrompt));
    }
    all.addAll(messages);
    return new ChatRequest(all, tools, responseSchema, settings);
  }
}
