package dev.trellis.otel;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.observe.CallObserver;
import dev.trellis.agent.observe.ChatCall;
import dev.trellis.agent.observe.ResponseInfo;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.graph.ControlFlow;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The spans and metrics of one model or tool call, after OpenTelemetry's GenAI conventions:
 * {@code chat {model}} (kind CLIENT) and {@code execute_tool {tool}} (INTERNAL), children of
 * {@code parent} and current on the calling thread while the call runs; the model calls'
 * {@code gen_ai.client.operation.duration} and {@code gen_ai.client.token.usage} histograms and the
 * tool calls' {@code gen_ai.execute_tool.duration}, each as long as its span;
 * message content only when the telemetry captures it. Times are read from the clock of the run
 * the call is made in (the graph's, {@code CompileOptions.withClock}), the system clock outside
 * one. Only loaded with trellis-agent.
 */
final class GenAiCalls {
  private GenAiCalls() {}

  /** The provider of a model that does not name one. */
  static final String UNKNOWN_PROVIDER = "_OTHER";

  static CallObserver.Observation chat(TrellisTelemetry t, Context parent, ChatCall call) {
    String model = call.requestModel();
    String provider = call.model().provider() != null ? call.model().provider() : UNKNOWN_PROVIDER;
    RunTracer run = parent.get(RunTracer.RUN);
    if (run != null) {
      run.modelProvider(call.model().provider());
    }
    Clock clock = clock(parent);
    Instant start = clock.instant();
    ChatRequest request = call.request();
    SpanBuilder b = t.tracer.spanBuilder("chat " + model).setParent(parent).setSpanKind(SpanKind.CLIENT)
        .setStartTimestamp(start)
        .setAttribute(GenAi.OPERATION, "chat")
        .setAttribute(GenAi.PROVIDER_NAME, provider)
        .setAttribute(GenAi.REQUEST_MODEL, model);
    if (call.runtime() != null && call.runtime().threadId() != null) {
      b.setAttribute(GenAi.CONVERSATION_ID, call.runtime().threadId());
    }
    if (request.responseSchema() != null) {
      b.setAttribute(GenAi.OUTPUT_TYPE, "json");
    }
    settings(b, request.settings());
    if (t.messageContent) {
      b.setAttribute(GenAi.INPUT_MESSAGES, GenAiContent.input(request.messages()));
    }
    Span span = b.startSpan();
    Scope scope = parent.with(span).makeCurrent();
    AttributesBuilder metric = Attributes.builder().put(GenAi.OPERATION, "chat").put(GenAi.PROVIDER_NAME, provider)
        .put(GenAi.REQUEST_MODEL, model);
    return new CallObserver.Observation() {
      private ResponseInfo info = new ResponseInfo(null, null, List.of());

      @Override
      public void response(ResponseInfo reported) {
        info = reported;
      }

      @Override
      public void end(Object result) {
        Message.Ai ai = result instanceof Message.Ai a ? a : result instanceof ModelResponse r ? r.ai() : null;
        String responseModel = info.model() != null ? info.model() : model;
        span.setAttribute(GenAi.RESPONSE_MODEL, responseModel);
        metric.put(GenAi.RESPONSE_MODEL, responseModel);
        String id = info.id() != null ? info.id() : ai != null ? ai.id() : null;
        if (id != null) {
          span.setAttribute(GenAi.RESPONSE_ID, id);
        }
        List<String> reasons = !info.finishReasons().isEmpty() ? info.finishReasons()
            : ai == null ? List.of() : List.of(ai.toolCalls().isEmpty() ? "stop" : "tool_call");
        if (!reasons.isEmpty()) {
          span.setAttribute(GenAi.FINISH_REASONS, reasons);
        }
        if (ai != null && !ai.usage().equals(Message.Usage.NONE)) {
          span.setAttribute(GenAi.INPUT_TOKENS, ai.usage().inputTokens());
          span.setAttribute(GenAi.OUTPUT_TOKENS, ai.usage().outputTokens());
          Attributes a = metric.build();
          t.tokenUsage.record(ai.usage().inputTokens(), a.toBuilder().put(GenAi.TOKEN_TYPE, "input").build());
          t.tokenUsage.record(ai.usage().outputTokens(), a.toBuilder().put(GenAi.TOKEN_TYPE, "output").build());
        }
        if (t.messageContent && ai != null) {
          span.setAttribute(GenAi.OUTPUT_MESSAGES, GenAiContent.output(ai, reasons.isEmpty() ? "stop" : reasons.getFirst()));
        }
        close(null);
      }

      @Override
      public void fail(Throwable error) {
        close(error);
      }

      private void close(Throwable error) {
        if (error != null) {
          if (error instanceof ControlFlow) {
            span.setAttribute(GenAi.INTERRUPTED, true);
          } else {
            RunTracer.fail(span, error);
            metric.put(GenAi.ERROR_TYPE, error.getClass().getName());
          }
        }
        scope.close();
        Instant end = clock.instant();
        span.end(end);
        t.modelDuration.record(seconds(start, end), metric.build());
      }
    };
  }

  static CallObserver.Observation tool(TrellisTelemetry t, Context parent, ToolCallRequest request) {
    String tool = request.call().name();
    Clock clock = clock(parent);
    Instant start = clock.instant();
    SpanBuilder b = t.tracer.spanBuilder("execute_tool " + tool).setParent(parent).setSpanKind(SpanKind.INTERNAL)
        .setStartTimestamp(start)
        .setAttribute(GenAi.OPERATION, "execute_tool")
        .setAttribute(GenAi.TOOL_NAME, tool)
        .setAttribute(GenAi.TOOL_CALL_ID, request.call().id())
        .setAttribute(GenAi.TOOL_TYPE, "function");
    if (request.tool() != null && request.tool().spec().description() != null && !request.tool().spec().description().isEmpty()) {
      b.setAttribute(GenAi.TOOL_DESCRIPTION, request.tool().spec().description());
    }
    if (t.messageContent) {
      b.setAttribute(GenAi.TOOL_CALL_ARGUMENTS, GenAiContent.value(request.call().args()));
    }
    Span span = b.startSpan();
    Scope scope = parent.with(span).makeCurrent();
    // gen_ai.execute_tool.duration's attributes: the tool's name and type, the agent running it, error.type on failure
    AttributesBuilder metric = Attributes.builder().put(GenAi.OPERATION, "execute_tool").put(GenAi.TOOL_NAME, tool)
        .put(GenAi.TOOL_TYPE, "function");
    RunTracer run = parent.get(RunTracer.RUN);
    if (run != null && run.graph() != null) {
      metric.put(GenAi.AGENT_NAME, run.graph());
    }
    return new CallObserver.Observation() {
      @Override
      public void end(Object result) {
        if (t.messageContent && result != null) {
          span.setAttribute(GenAi.TOOL_CALL_RESULT, GenAiContent.value(result));
        }
        close();
      }

      @Override
      public void fail(Throwable error) {
        if (error instanceof ControlFlow) {
          span.setAttribute(GenAi.INTERRUPTED, true); // a pause for a human (or a parent's command), not a failure
        } else {
          RunTracer.fail(span, error);
          metric.put(GenAi.ERROR_TYPE, error.getClass().getName());
        }
        close();
      }

      private void close() {
        scope.close();
        Instant end = clock.instant();
        span.end(end);
        t.toolDuration.record(seconds(start, end), metric.build());
      }
    };
  }

  /** The clock of the run {@code parent} is inside (the graph's); the system clock outside a traced run. */
  private static Clock clock(Context parent) {
    RunTracer run = parent.get(RunTracer.RUN);
    return run != null ? run.clock : Clock.systemUTC();
  }

  /** Seconds from {@code start} to {@code end}; never negative (a wall clock may be set back). */
  private static double seconds(Instant start, Instant end) {
    Duration d = Duration.between(start, end);
    return d.isNegative() ? 0 : d.toNanos() / 1e9;
  }

  /** The request settings the conventions name: temperature, top_p, max_tokens. */
  private static void settings(SpanBuilder b, Map<String, Object> settings) {
    if (settings.get("temperature") instanceof Number n) {
      b.setAttribute(GenAi.REQUEST_TEMPERATURE, n.doubleValue());
    }
    if (settings.get("top_p") instanceof Number n) {
      b.setAttribute(GenAi.REQUEST_TOP_P, n.doubleValue());
    }
    if (settings.get("max_tokens") instanceof Number n) {
      b.setAttribute(GenAi.REQUEST_MAX_TOKENS, n.longValue());
    }
  }
}
