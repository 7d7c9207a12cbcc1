package dev.trellis.otel;

import dev.trellis.observe.GraphListener;
import dev.trellis.runtime.Runtime;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * OpenTelemetry for Trellis, from one {@link OpenTelemetry} (an SDK you configured, or
 * {@code GlobalOpenTelemetry.get()}): a {@link GraphListener} that traces runs and their nodes
 * and records run, step and node metrics, an agent middleware that traces model and tool calls
 * with the GenAI semantic conventions, and W3C trace-context helpers to continue a caller's
 * trace in a run.
 *
 * <pre>{@code
 * TrellisTelemetry otel = TrellisTelemetry.create(openTelemetry);
 * var agent = Agent.builder(model).tools(tools).middleware(otel.middleware())
 *     .compile(CompileOptions.checkpointer(saver).withListeners(otel.listener()));
 * }</pre>
 *
 * <p>Spans: {@code invoke_agent <graph>} per run (child of the caller's span), one span per node
 * task named after the node (children of the run, or of the subgraph node that runs them, with
 * {@code trellis.namespace}), {@code chat <model>} per model call and {@code execute_tool <tool>}
 * per tool call (children of their node). With {@link #create(OpenTelemetry, boolean)} node spans
 * also carry the node's input state and output writes ({@code trellis.node.input},
 * {@code trellis.node.output}) as each node's {@code TracePolicy} shapes them (e.g. omitted or
 * redacted). Thread-safe; one instance serves any number of graphs.
 */
public final class TrellisTelemetry {
  /** The instrumentation scope of Trellis' tracer and meter. */
  public static final String SCOPE = "dev.trellis";

  final Tracer tracer;
  final DoubleHistogram runDuration;
  final DoubleHistogram stepDuration;
  final DoubleHistogram taskDuration;
  final DoubleHistogram modelDuration;
  final LongHistogram tokenUsage;
  /** Open node spans by task id (unique across runs: it derives from a fresh checkpoint id), for model and tool spans. */
  final Map<String, Span> taskSpans = new ConcurrentHashMap<>();
  /** Whether node spans record their payloads. */
  final boolean payloads;
  private final TextMapPropagator propagator;

  private TrellisTelemetry(OpenTelemetry otel, boolean payloads) {
    this.payloads = payloads;
    this.tracer = otel.getTracer(SCOPE);
    Meter meter = otel.getMeter(SCOPE);
    this.runDuration = meter.histogramBuilder("trellis.run.duration").setUnit("s")
        .setDescription("Duration of graph runs, by graph and outcome (success, interrupted, error)").build();
    this.stepDuration = meter.histogramBuilder("trellis.step.duration").setUnit("s")
        .setDescription("Duration of supersteps, by graph").build();
    this.taskDuration = meter.histogramBuilder("trellis.task.duration").setUnit("s")
        .setDescription("Duration of node tasks, by node and outcome").build();
    this.modelDuration = meter.histogramBuilder("gen_ai.client.operation.duration").setUnit("s")
        .setDescription("GenAI operation duration").build();
    this.tokenUsage = meter.histogramBuilder("gen_ai.client.token.usage").ofLongs().setUnit("{token}")
        .setDescription("Tokens used by model calls, by gen_ai.token.type").build();
    this.propagator = TextMapPropagator.composite(W3CTraceContextPropagator.getInstance(),
        otel.getPropagators().getTextMapPropagator());
  }

  public static TrellisTelemetry create(OpenTelemetry otel) {
    return new TrellisTelemetry(otel, false);
  }

  /**
   * Telemetry whose node spans record payloads when {@code recordPayloads}: the input state and
   * the writes, as text of at most {@link #MAX_PAYLOAD_CHARS} characters, after the node's trace
   * policy ({@code NodeOptions.withTrace}; agent middleware declare theirs) shaped them.
   */
  public static TrellisTelemetry create(OpenTelemetry otel, boolean recordPayloads) {
    return new TrellisTelemetry(otel, recordPayloads);
  }

  /** The longest payload text a span attribute gets; longer ones are cut and end with {@code …}. */
  public static final int MAX_PAYLOAD_CHARS = 8_192;

  /**
   * A listener for {@code CompileOptions.withListeners}: each run's span is a child of the span
   * current on the thread that starts the run ({@code invoke}); a root span when there is none.
   */
  public GraphListener listener() {
    return new RunTracer.Factory(this, null);
  }

  /** A listener for one run ({@code RunConfig.withListeners}) whose span is a child of {@code parent}. */
  public GraphListener listener(Context parent) {
    return new RunTracer.Factory(this, parent);
  }

  /** Middleware for {@code Agent.builder(...).middleware(...)}: spans and metrics for model and tool calls. */
  public OtelMiddleware middleware() {
    return new OtelMiddleware(this);
  }

  /**
   * The trace context carried by W3C {@code traceparent}/{@code tracestate} entries of
   * {@code carrier} (header names in any case); the root context when there are none.
   */
  public Context extract(Map<String, String> carrier) {
    Map<String, String> lower = new LinkedHashMap<>();
    carrier.forEach((k, v) -> lower.put(k.toLowerCase(java.util.Locale.ROOT), v));
    return propagator.extract(Context.root(), lower, MAP_GETTER);
  }

  /** The W3C headers that continue {@code context} elsewhere (empty when it holds no valid span). */
  public Map<String, String> inject(Context context) {
    Map<String, String> out = new LinkedHashMap<>();
    propagator.inject(context, out, (m, k, v) -> m.put(k, v));
    return out;
  }

  /** The context a model or tool call inside a node starts its span in: the node's span when it is traced. */
  Context parentOf(Runtime rt) {
    Span node = rt == null ? null : taskSpans.get(rt.taskId());
    return node == null ? Context.current() : Context.current().with(node);
  }

  private static final TextMapGetter<Map<String, String>> MAP_GETTER = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(Map<String, String> carrier) {
      return List.copyOf(carrier.keySet());
    }

    @Override
    public String get(Map<String, String> carrier, String key) {
      return carrier == null ? null : carrier.get(key);
    }
  };
}
