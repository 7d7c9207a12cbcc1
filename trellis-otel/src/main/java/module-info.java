/**
 * OpenTelemetry tracing and metrics for Trellis runs: a run span continuing the caller's
 * trace, node spans below it, run, step and node metrics, and GenAI spans for agent model
 * and tool calls. OpenTelemetry's API jars carry no module descriptor; their
 * {@code Automatic-Module-Name}s are stable and used here. trellis-agent is optional: only
 * the model and tool call spans ({@link dev.trellis.otel.GenAiObserver},
 * {@link dev.trellis.otel.OtelMiddleware}) need it.
 */
module dev.trellis.otel {
  requires transitive dev.trellis.core;
  requires static dev.trellis.agent;
  requires transitive io.opentelemetry.api;
  requires transitive io.opentelemetry.context;

  exports dev.trellis.otel;

  // GenAI spans for every model and tool call of trellis-agent, found there with ServiceLoader
  provides dev.trellis.agent.observe.CallObserver with dev.trellis.otel.GenAiObserver;
}
