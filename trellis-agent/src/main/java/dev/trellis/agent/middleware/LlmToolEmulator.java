package dev.trellis.agent.middleware;

import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.PythonRepr;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A model answers tool calls instead of the tools (LangChain's {@code LLMToolEmulator}): for
 * every tool, or only the named ones, the call is described to {@code model} (tool name,
 * description, arguments) and its reply becomes the tool's answer; the tool never runs. The test
 * double for agents whose tools cannot run in a test. Immutable, thread-safe when the model is.
 */
public final class LlmToolEmulator implements AgentMiddleware {
  private final ChatModel model;
  private final Set<String> tools;

  /** Emulates every tool. */
  public LlmToolEmulator(ChatModel model) {
    this(model, null);
  }

  /** Emulates only {@code tools} (names); null emulates every tool. */
  public LlmToolEmulator(ChatModel model, Set<String> tools) {
    this.model = Objects.requireNonNull(model, "model");
    this.tools = tools == null ? null : Set.copyOf(tools);
  }

  @Override
  public String name() {
    return "LLMToolEmulator";
  }

  @Override
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    Message.ToolCall call = request.call();
    if (tools != null && !tools.contains(call.name())) {
      return next.call(request);
    }
    String description = request.tool() == null ? "No description available" : request.tool().spec().description();
    String prompt = "Emulate a tool call for a test: answer exactly what the tool would return.\n\n"
        + "Tool: " + call.name() + "\nDescription: " + description + "\nArguments: " + PythonRepr.of(call.args())
        + "\n\nReply with the tool's output only, without explanation or preamble, and vary your replies.";
    Message.Ai reply = Observed.chat(model, new ChatRequest(List.of(Message.human(prompt)), List.of()));
    return new Message.Tool(null, reply.text(), call.id(), call.name(), false);
  }
}
