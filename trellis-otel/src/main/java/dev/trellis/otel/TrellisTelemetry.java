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
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * OpenTelemetry for Trellis, from one {@link OpenTelemetry} (an SDK you configured, or
 * {@code GlobalOpenTelemetry.get()}): a {@link GraphListener} that traces runs and their nodes
 * and records run, step and node metrics, and W3C trace-context helpers to continue a caller's
 * trace in a run. The model and tool calls of trellis-agent made inside a traced run are traced
 * too, with the GenAI semantic conventions and no further wiring ({@link GenAiObserver}).
 *
 * <pre>{@code
 * TrellisTelemetry otel = TrellisTelemetry.create(openTelemetry);
 * var agent = Agent.builder(model).tools(tools)
 *     .compile(CompileOptions.checkpointer(saver).withListeners(otel.listener()));
 * }</pre>
 *
 * <p>Spans: {@code invoke_agent <graph>} per run (child of the caller's span), one span per node
 * task named after the node (children of the run, or of the subgraph node that runs them, with
 * {@code trellis.namespace}), {@code chat <model>} per model call and {@code execute_tool <tool>}
 * per tool call (children of their node). With {@link #create(OpenTelemetry, boolean)} node spans
 * also carry the node's input state and output writes ({@code trellis.node.input},
 * {@code trellis.node.output}) as each node's {@code TracePolicy} shapes them (e.g. omitted or
 * redacted); with {@link #withMessageContent} model and tool spans carry the messages. Thread-safe;
 * one instance serves any number of graphs.
 */
public final class TrellisTelemetry {
  /** The instrumentation scope of Trellis' tracer and meter. */
  public static final String SCOPE = "dev.trellis";

  final Tracer tracer;
  final DoubleHistogram runDuration;
  final DoubleHistogram stepDuration;
  final DoubleHistogram taskDuration;
  final DoubleHistogram modelDuration;
  final DoubleHistogram toolDuration;
  final LongHistogram tokenUsage;
  /** Open node spans by task id (unique across runs: it derives from a fresh checkpoint id), for model and tool spans. */
  final Map<String, Span> taskSpans = new ConcurrentHashMap<>();
  /** Whether node spans record their payloads. */
  final boolean payloads;
  /** Whether model and tool spans record message content (the GenAI conventions' opt-in attributes). */
  final boolean messageContent;
  private final OpenTelemetry otel;
  private final TextMapPropagator propagator;

  /**
   * The environment variable of the GenAI conventions that turns message content capture on
   * ({@code true}); the system property {@value #CAPTURE_MESSAGE_CONTENT_PROPERTY} does the same.
   */
  public static final String CAPTURE_MESSAGE_CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";
  /** The system property form of {@link #CAPTURE_MESSAGE_CONTENT_ENV}. */
  public static final String CAPTURE_MESSAGE_CONTENT_PROPERTY = "otel.instrumentation.genai.capture-message-content";

  /** Where a traced run's node keeps the telemetry tracing it, for the model and tool calls made there. */
  static final ContextKey<TrellisTelemetry> CONTEXT_KEY = ContextKey.named("dev.trellis.otel.telemetry");

  // the GenAI conventions' advised bucket boundaries
  private static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56,
      5.12, 10.24, 20.48, 40.96, 81.92);
  private static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L,
      262144L, 1048576L, 4194304L, 16777216L, 67108864L);

  private TrellisTelemetry(OpenTelemetry otel, boolean payloads, boolean messageContent) {
    this.otel = otel;
    this.payloads = payloads;
    this.messageContent = messageContent;
    this.tracer = otel.getTracer(SCOPE);
    Meter meter = otel.getMeter(SCOPE);
    this.runDuration = meter.histogramBuilder("trellis.run.duration").setUnit("s")
        .setDescription("Duration of graph runs, by graph and outcome (success, interrupted, error)").build();
    this.stepDuration = meter.histogramBuilder("trellis.step.duration").setUnit("s")
        .setDescription("Duration of supersteps, by graph").build();
    this.taskDuration = meter.histogramBuilder("trellis.task.duration").setUnit("s")
        .setDescription("Duration of node tasks, by node and outcome").build();
    this.modelDuration = meter.histogramBuilder("gen_ai.client.operation.duration").setUnit("s")
        .setDescription("GenAI operation duration").setExplicitBucketBoundariesAdvice(DURATION_BUCKETS).build();
    this.toolDuration = meter.histogramBuilder("gen_ai.execute_tool.duration").setUnit("s")
        .setDescription("The duration of a single tool execution").setExplicitBucketBoundariesAdvice(DURATION_BUCKETS).build();
    this.tokenUsage = meter.histogramBuilder("gen_ai.client.token.usage").ofLongs().setUnit("{token}")
        .setDescription("Number of input and output tokens used").setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS).build();
    this.propagator = TextMapPropagator.composite(W3CTraceContextPropagator.getInstance(),
        otel.getPropagators().getTextMapPropagator());
  }

  /**
   * Telemetry on {@code otel}; model and tool spans record message content when the environment
   * asks for it ({@value #CAPTURE_MESSAGE_CONTENT_ENV} or {@value #CAPTURE_MESSAGE_CONTENT_PROPERTY}
   * {@code = true}), else not.
   */
  public static TrellisTelemetry create(OpenTelemetry otel) {
    return new TrellisTelemetry(otel, false, messageContentFromEnvironment());
  }

  /**
   * Telemetry whose node spans record payloads when {@code recordPayloads}: the input state and
   * the writes, as text of at most {@link #MAX_PAYLOAD_CHARS} characters, after the node's trace
   * policy ({@code NodeOptions.withTrace}; agent middleware declare theirs) shaped them.
   */
  public static TrellisTelemetry create(OpenTelemetry otel, boolean recordPayloads) {
    return new TrellisTelemetry(otel, recordPayloads, messageContentFromEnvironment());
  }

  /**
   * This telemetry with message content capture on or off: when on, chat spans carry
   * {@code gen_ai.input.messages} and {@code gen_ai.output.messages}, tool spans
   * {@code gen_ai.tool.call.arguments} and {@code gen_ai.tool.call.result} (JSON text, as the
   * GenAI conventions record them on spans). Off by default: content is often sensitive.
   */
  public TrellisTelemetry withMessageContent(boolean capture) {
    return new TrellisTelemetry(otel, payloads, capture);
  }

  /** Whether model and tool spans record message content. */
  public boolean capturesMessageContent() {
    return messageContent;
  }

  /** Whether the system property or environment variable turns message content capture on. */
  static boolean messageContentFromEnvironment() {
    String v = System.getProperty(CAPTURE_MESSAGE_CONTENT_PROPERTY);
    return Boolean.parseBoolean(v != null ? v.strip() : System.getenv(CAPTURE_MESSAGE_CONTENT_ENV));
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

  /**
   * Middleware for {@code Agent.builder(...).middleware(...)} that records the agent's model and
   * tool calls with this telemetry; not needed when this telemetry traces the run (every call is
   * then recorded with it already; see {@link GenAiObserver}).
   */
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
