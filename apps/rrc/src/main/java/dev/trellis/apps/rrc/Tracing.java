package dev.trellis.apps.rrc;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import java.util.Map;

/**
 * The application's spans through the OpenTelemetry API ({@code agent.resolve_definition},
 * {@code prompt.assemble}, {@code tools.assemble}, {@code hitl.rule_fire}, {@code llm.call}).
 * With no SDK installed the API is a no-op.
 */
public final class Tracing {
  /** The instrumentation scope name of the app's spans. */
  public static final String SCOPE = "dev.trellis.apps.rrc";
  private final Tracer tracer;

  public Tracing(Tracer tracer) {
    this.tracer = tracer;
  }

  /** Spans to the globally registered OpenTelemetry (a no-op unless an SDK was installed). */
  public static Tracing global() {
    return new Tracing(GlobalOpenTelemetry.getTracer(SCOPE));
  }

  /** Records a finished span {@code name} with {@code attributes} (strings, longs, doubles, booleans). */
  void record(String name, Map<String, Object> attributes) {
    Span span = tracer.spanBuilder(name).startSpan();
    set(span, attributes);
    span.end();
  }

  /** Starts a span the caller ends (with {@link #set} for attributes known only at the end). */
  Span start(String name) {
    return tracer.spanBuilder(name).startSpan();
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
