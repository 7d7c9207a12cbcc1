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

  /** The same request sent to another tool. */
  public ToolCallRequest override(Tool other) {
    return new ToolCallRequest(call, other, context);
  }
}
