package dev.trellis.otel;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.graph.ControlFlow;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;

/**
 * Agent middleware that traces each model call as a {@code chat <model>} span (GenAI
 * conventions: {@code gen_ai.operation.name=chat}, {@code gen_ai.request.model} — the request's
 * {@code ChatRequest.MODEL} setting when it names one, else the model's name — token usage in
 * {@code gen_ai.usage.input_tokens}/{@code output_tokens}) and each tool call as an
 * {@code execute_tool <tool>} span ({@code gen_ai.tool.name}, {@code gen_ai.tool.call.id}), nested
 * in the node's span when the graph has {@link TrellisTelemetry#listener()}; records
 * {@code gen_ai.client.operation.duration} and {@code gen_ai.client.token.usage}. Put it first
 * in the middleware list to time everything the other middleware does around the call.
 * Made by {@link TrellisTelemetry#middleware()}; thread-safe.
 */
public final class OtelMiddleware implements AgentMiddleware {
  private final TrellisTelemetry t;

  OtelMiddleware(TrellisTelemetry t) {
    this.t = t;
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    // the model the call names (ChatRequest.MODEL), else the adapter's
    String model = request.settings().get(dev.trellis.agent.model.ChatRequest.MODEL) instanceof String named && !named.isBlank()
        ? named : request.model().name();
    Span span = t.tracer.spanBuilder("chat " + model).setParent(t.parentOf(request.runtime()))
        .setSpanKind(SpanKind.CLIENT)
        .setAttribute(GenAi.OPERATION, "chat")
        .setAttribute(GenAi.REQUEST_MODEL, model)
        .startSpan();
    long start = System.nanoTime();
    Attributes metric = Attributes.of(GenAi.OPERATION, "chat", GenAi.REQUEST_MODEL, model);
    try (Scope ignored = span.makeCurrent()) {
      ModelResponse response = next.call(request);
      Message.Ai ai = response.ai();
      if (ai != null) {
        span.setAttribute(GenAi.INPUT_TOKENS, ai.usage().inputTokens());
        span.setAttribute(GenAi.OUTPUT_TOKENS, ai.usage().outputTokens());
        t.tokenUsage.record(ai.usage().inputTokens(), metric.toBuilder().put(GenAi.TOKEN_TYPE, "input").build());
        t.tokenUsage.record(ai.usage().outputTokens(), metric.toBuilder().put(GenAi.TOKEN_TYPE, "output").build());
      }
      return response;
    } catch (Exception | Error e) {
      RunTracer.fail(span, e);
      metric = metric.toBuilder().put(GenAi.ERROR_TYPE, e.getClass().getName()).build();
      throw e;
    } finally {
      span.end();
      t.modelDuration.record((System.nanoTime() - start) / 1e9, metric);
    }
  }

  @Override
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    String tool = request.call().name();
    Span span = t.tracer.spanBuilder("execute_tool " + tool).setParent(t.parentOf(request.context().runtime()))
        .setSpanKind(SpanKind.INTERNAL)
        .setAttribute(GenAi.OPERATION, "execute_tool")
        .setAttribute(GenAi.TOOL_NAME, tool)
        .setAttribute(GenAi.TOOL_CALL_ID, request.call().id())
        .startSpan();
    try (Scope ignored = span.makeCurrent()) {
      return next.call(request);
    } catch (Exception | Error e) {
      if (e instanceof ControlFlow) {
        span.setAttribute(GenAi.INTERRUPTED, true); // a pause for a human (or a parent's command), not a failure
      } else {
        RunTracer.fail(span, e);
      }
      throw e;
    } finally {
      span.end();
    }
  }
}
