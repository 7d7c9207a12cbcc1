package dev.trellis.otel;

import dev.trellis.agent.observe.CallObserver;
import dev.trellis.agent.observe.ChatCall;
import dev.trellis.agent.tool.ToolCallRequest;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.Context;
import java.util.concurrent.Callable;

/**
 * GenAI spans and metrics for every model and tool call of the agent layer, with no wiring:
 * trellis-agent finds this observer with {@link java.util.ServiceLoader} when trellis-otel is on
 * the class path. A call inside a traced run (one with {@link TrellisTelemetry#listener()}, as
 * {@code trellis serve} gives every run) is recorded with that run's telemetry, as a child of its
 * node's span; a call outside one with the global OpenTelemetry, when an SDK was installed there
 * ({@code GlobalOpenTelemetry.set}, the Java agent); otherwise nothing is recorded. Work the
 * agent hands to other threads (parallel tool calls) carries the OpenTelemetry context along.
 * Stateless apart from the telemetry made for the global OpenTelemetry; thread-safe.
 */
public final class GenAiObserver implements CallObserver {
  private static volatile TrellisTelemetry global;
  private static volatile OpenTelemetry globalOtel;

  /** For {@link java.util.ServiceLoader}. */
  public GenAiObserver() {
  }

  @Override
  public Observation chat(ChatCall call) {
    Context parent = Context.current();
    TrellisTelemetry t = telemetry(parent);
    return t == null ? Observation.NONE : GenAiCalls.chat(t, parent, call);
  }

  @Override
  public Observation tool(ToolCallRequest request) {
    Context parent = Context.current();
    TrellisTelemetry t = telemetry(parent);
    return t == null ? Observation.NONE : GenAiCalls.tool(t, parent, request);
  }

  @Override
  public <T> Callable<T> carry(Callable<T> work) {
    return Context.current().wrap(work);
  }

  /** The telemetry of the run {@code context} is inside, else the global OpenTelemetry's when one was installed, else null. */
  private static TrellisTelemetry telemetry(Context context) {
    TrellisTelemetry t = context.get(TrellisTelemetry.CONTEXT_KEY);
    if (t != null || !GlobalOpenTelemetry.isSet()) {
      return t;
    }
    OpenTelemetry otel = GlobalOpenTelemetry.get();
    TrellisTelemetry g = global;
    if (g == null || globalOtel != otel) {
      g = TrellisTelemetry.create(otel);
      global = g;
      globalOtel = otel;
    }
    return g;
  }
}
