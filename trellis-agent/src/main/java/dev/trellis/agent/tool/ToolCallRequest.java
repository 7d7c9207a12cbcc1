package dev.trellis.agent.tool;

import dev.trellis.agent.message.Message;
import java.util.Map;

/**
 * One tool call on its way to a tool, as interceptors see it. Immutable: an interceptor
 * that wants to change the call passes {@link #override} to the next handler.
 */
public record ToolCallRequest(Message.ToolCall call, Tool tool, ToolContext context) {
  /** The same request with other arguments. */
  public ToolCallRequest override(Map<String, Object> args) {
    Message.ToolCall c = new Message.ToolCall(call.id(), call.name(), args);
    return new ToolCallRequest(c, tool, new ToolContext(context.state(), context.runtime(), c));
  }

  /** The graph state the tool sees. */
  public dev.trellis.graph.State state() {
    return context.state();
  }

  /** The same request with the tool seeing another state (LangGraph's {@code override(state=...)}). */
  public ToolCallRequest override(dev.trellis.graph.State state) {
    return new ToolCallRequest(call, tool, new ToolContext(state, context.runtime(), call));
  }

  /** The same request with another call (name and arguments); the call id is the model's. */
  public ToolCallRequest override(Message.ToolCall other) {
    return new ToolCallRequest(other, tool, new ToolContext(context.state(), context.runtime(), other));
  }

  /** The same request sent to another tool. */
  public ToolCallRequest override(Tool other) {
    return new ToolCallRequest(call, other, context);
  }
}
