package dev.trellis.apps.rrc;

import dev.trellis.otel.OtelMiddleware;
import dev.trellis.otel.TrellisTelemetry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import java.util.Map;

/**
 * The application's spans through the OpenTelemetry API: the seed's own ({@code
 * agent.resolve_definition}, {@code prompt.assemble}, {@code tools.assemble}, {@code
 * hitl.rule_fire}) and, through trellis-otel's GenAI instrumentation ({@link #genAi()}), a
 * {@code chat <model>} span per model call. With no SDK installed the API is a no-op.
 */
public final class Tracing {
  /** The instrumentation scope name of the app's spans. */
  public static final String SCOPE = "dev.trellis.apps.rrc";
  private final Tracer tracer;
  private final OtelMiddleware genAi;

  public Tracing(OpenTelemetry otel) {
    this.tracer = otel.getTracer(SCOPE);
    this.genAi = TrellisTelemetry.create(otel).middleware();
  }

  /** Spans to the globally registered OpenTelemetry (a no-op unless an SDK was installed). */
  public static Tracing global() {
    return new Tracing(GlobalOpenTelemetry.get());
  }

  /** The GenAI model-call instrumentation (OpenTelemetry's GenAI conventions). */
  OtelMiddleware genAi() {
    return genAi;
  }

  /** Records a finished span {@code name} with {@code attributes} (strings, longs, doubles, booleans). */
  void record(String name, Map<String, Object> attributes) {
    Span span = tracer.spanBuilder(name).startSpan();
    set(span, attributes);
    span.end();
  }

  static void set(Span span, Map<String, Object> attributes) {
    attributes.forEach((k, v) -> {
      switch (v) {
        case null -> { }
        case Long l -> span.setAttribute(k, l);
        case Integer i -> span.setAttribute(k, (long) i);
        case Double d -> span.setAttribute(k, d);
        case Boolean b -> span.setAttribute(k, b);
        default -> span.setAttribute(k, v.toString());
      }
    });
  }
}
