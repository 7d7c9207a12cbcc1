package dev.trellis.otel;

import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.observe.CallObserver;
import dev.trellis.agent.observe.ChatCall;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;

/**
 * Agent middleware that records model and tool calls with one given {@link TrellisTelemetry}
 * (its OpenTelemetry, its content setting) instead of the one the run is traced with: the same
 * {@code chat <model>} and {@code execute_tool <tool>} spans and metrics {@link GenAiObserver}
 * records for every call, nested in the node's span when the graph has
 * {@link TrellisTelemetry#listener()}. Not needed for tracing: with trellis-otel on the class
 * path every call is traced already. With it, its span is the call's only one (the automatic
 * one is not made inside it), and it times what the middleware after it do around the call:
 * put it first. Made by {@link TrellisTelemetry#middleware()}; thread-safe.
 */
public final class OtelMiddleware implements AgentMiddleware {
  private final CallObserver observer;

  OtelMiddleware(TrellisTelemetry t) {
    this.observer = new CallObserver() {
      @Override
      public Observation chat(ChatCall call) {
        return GenAiCalls.chat(t, t.parentOf(call.runtime()), call);
      }

      @Override
      public Observation tool(ToolCallRequest request) {
        return GenAiCalls.tool(t, t.parentOf(request.context().runtime()), request);
      }
    };
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    ChatCall call = new ChatCall(request.model(), request.toChatRequest(), request.runtime());
    return Observed.chat(call, observer, () -> next.call(request));
  }

  @Override
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    return Observed.tool(request, observer, () -> next.call(request));
  }
}
