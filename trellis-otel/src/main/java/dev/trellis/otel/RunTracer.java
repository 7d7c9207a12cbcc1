package dev.trellis.otel;

import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.GraphListener;
import dev.trellis.observe.RunInfo;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's spans and metrics: the run span, opened at {@code RunStarted} as a child of the
 * given parent, and a span per node task, parented by the subgraph task that runs it or else
 * by the run. Node spans are registered in {@link TrellisTelemetry#taskSpans} while open, so
 * model and tool calls inside the node nest under them. A node's span is also the current
 * OpenTelemetry {@link Context} on the node's thread while it runs (task events arrive on that
 * thread), so spans the node's own code starts — its own tracer, an instrumented HTTP or JDBC
 * client — become its children. Every span's start and end are read from the graph's clock
 * ({@link RunInfo#clock()}), as the events' durations are, and so are the model and tool calls'
 * inside the run (see {@link #clock}): a test moving its clock gets exact span lengths.
 * Thread-safe: parallel tasks report at once.
 */
final class RunTracer implements GraphListener {
  /** The run a node's thread is in, for calls that add to its span (the provider of its models). */
  static final io.opentelemetry.context.ContextKey<RunTracer> RUN = io.opentelemetry.context.ContextKey.named("dev.trellis.otel.run");
  private final TrellisTelemetry t;
  private final java.util.concurrent.atomic.AtomicBoolean providerNamed = new java.util.concurrent.atomic.AtomicBoolean();
  private final Context parent;
  /** The graph's clock: span timestamps here and of the calls made inside the run. */
  final Clock clock;
  private volatile Span run;
  /** The run's graph, the {@code gen_ai.agent.name} of its {@code invoke_agent} span and of the tool calls made in it. */
  private volatile String graph;
  /** The scope making each running task's span current on its thread, closed as the task ends (same thread). */
  private final Map<String, Scope> scopes = new ConcurrentHashMap<>();

  private RunTracer(TrellisTelemetry t, Context parent, Clock clock) {
    this.t = t;
    this.parent = parent;
    this.clock = clock;
  }

  /** What users register: makes a {@link RunTracer} per run. */
  record Factory(TrellisTelemetry t, Context parent) implements GraphListener {
    @Override
    public GraphListener forRun(RunInfo run) {
      return new RunTracer(t, parent != null ? parent : Context.current(), run.clock());
    }

    @Override
    public void onEvent(GraphEvent event) {
      // Runs report to the RunTracer that forRun made; nothing reaches the factory itself.
    }
  }

  @Override
  public void onEvent(GraphEvent event) {
    switch (event) {
      case GraphEvent.RunStarted e -> started(e);
      case GraphEvent.RunEnded e -> {
        run.setAttribute(GenAi.INTERRUPTED, e.interrupted());
        run.end(clock.instant());
        t.runDuration.record(seconds(e.duration()), Attributes.of(GenAi.GRAPH, e.graph(), GenAi.OUTCOME,
            e.interrupted() ? "interrupted" : "success"));
      }
      case GraphEvent.RunFailed e -> {
        fail(run, e.error());
        run.end(clock.instant());
        t.runDuration.record(seconds(e.duration()), Attributes.of(GenAi.GRAPH, e.graph(), GenAi.OUTCOME, "error",
            GenAi.ERROR_TYPE, e.error().getClass().getName()));
      }
      case GraphEvent.StepStarted e -> { }
      case GraphEvent.StepEnded e -> t.stepDuration.record(seconds(e.duration()), Attributes.of(GenAi.GRAPH, e.graph()));
      case GraphEvent.TaskStarted e -> taskStarted(e);
      case GraphEvent.TaskEnded e -> {
        Span span = taskEnded(e.taskId());
        if (span != null && t.payloads && e.output() != null) {
          span.setAttribute(GenAi.NODE_OUTPUT, payload(e.output()));
        }
        if (span != null) {
          span.setAttribute(GenAi.ATTEMPTS, e.attempts());
          span.end(clock.instant());
        }
        t.taskDuration.record(seconds(e.duration()), Attributes.of(GenAi.NODE, e.node(), GenAi.OUTCOME, "success"));
      }
      case GraphEvent.TaskFailed e -> {
        Span span = taskEnded(e.taskId());
        if (span != null) {
          span.setAttribute(GenAi.ATTEMPTS, e.attempts());
          fail(span, e.error());
          span.end(clock.instant());
        }
        t.taskDuration.record(seconds(e.duration()), Attributes.of(GenAi.NODE, e.node(), GenAi.OUTCOME, "error"));
      }
      case GraphEvent.TaskInterrupted e -> {
        Span span = taskEnded(e.taskId());
        if (span != null) {
          span.setAttribute(GenAi.INTERRUPTED, true);
          span.end(clock.instant());
        }
        t.taskDuration.record(seconds(e.duration()), Attributes.of(GenAi.NODE, e.node(), GenAi.OUTCOME, "interrupted"));
      }
      case GraphEvent.Interrupted e -> run.addEvent("interrupt",
          Attributes.of(GenAi.STEP, (long) e.step(), io.opentelemetry.api.common.AttributeKey.longKey("trellis.interrupts"),
              (long) e.interrupts().size()));
      case GraphEvent.CheckpointSaved e -> run.addEvent("checkpoint", Attributes.of(GenAi.CHECKPOINT_ID,
          e.config().checkpointId(), GenAi.SOURCE, e.source(), GenAi.NAMESPACE, GenAi.namespace(e.namespace())));
    }
  }

  private void started(GraphEvent.RunStarted e) {
    graph = e.graph();
    var b = t.tracer.spanBuilder("invoke_agent " + e.graph()).setParent(parent).setSpanKind(SpanKind.INTERNAL)
        .setAttribute(GenAi.OPERATION, "invoke_agent")
        .setAttribute(GenAi.AGENT_NAME, e.graph())
        .setAttribute(GenAi.GRAPH, e.graph())
        .setStartTimestamp(clock.instant());
    RunInfo c = e.run();
    if (c.threadId() != null) {
      b.setAttribute(GenAi.THREAD_ID, c.threadId()).setAttribute(GenAi.CONVERSATION_ID, c.threadId());
    }
    if (c.metadata().get("run_id") instanceof String runId) {
      b.setAttribute(GenAi.RUN_ID, runId);
    }
    run = b.startSpan();
  }

  private void taskStarted(GraphEvent.TaskStarted e) {
    Span parentSpan = e.parentTaskId() == null ? null : t.taskSpans.get(e.parentTaskId());
    var b = t.tracer.spanBuilder(e.node()).setParent(Context.root().with(parentSpan != null ? parentSpan : run))
        .setAttribute(GenAi.NODE, e.node())
        .setAttribute(GenAi.TASK_ID, e.taskId())
        .setAttribute(GenAi.STEP, (long) e.step())
        .setStartTimestamp(clock.instant());
    if (!e.namespace().isEmpty()) {
      b.setAttribute(GenAi.NAMESPACE, GenAi.namespace(e.namespace()));
    }
    if (t.payloads && e.input() != null) {
      b.setAttribute(GenAi.NODE_INPUT, payload(e.input()));
    }
    Span span = b.startSpan();
    t.taskSpans.put(e.taskId(), span);
    scopes.put(e.taskId(), Context.current().with(span).with(TrellisTelemetry.CONTEXT_KEY, t).with(RUN, this).makeCurrent());
  }

  /** The run's span names {@code provider} as its {@code gen_ai.provider.name}: the first known provider of a model it calls. */
  void modelProvider(String provider) {
    Span r = run;
    if (provider != null && r != null && providerNamed.compareAndSet(false, true)) {
      r.setAttribute(GenAi.PROVIDER_NAME, provider);
    }
  }

  /** The run's graph name (its agent's name), null before it started. */
  String graph() {
    return graph;
  }

  /** The ended task's span, no longer current on its thread nor registered; null when it had none. */
  private Span taskEnded(String taskId) {
    Scope scope = scopes.remove(taskId);
    if (scope != null) {
      scope.close();
    }
    return t.taskSpans.remove(taskId);
  }

  /** A payload as span text: a state as its map of values, cut at {@link TrellisTelemetry#MAX_PAYLOAD_CHARS}. */
  static String payload(Object value) {
    String s = String.valueOf(value instanceof dev.trellis.graph.State st ? st.toMap() : value);
    return s.length() <= TrellisTelemetry.MAX_PAYLOAD_CHARS ? s : s.substring(0, TrellisTelemetry.MAX_PAYLOAD_CHARS) + "…";
  }

  static void fail(Span span, Throwable error) {
    span.recordException(error);
    span.setStatus(StatusCode.ERROR, String.valueOf(error.getMessage()));
    span.setAttribute(GenAi.ERROR_TYPE, error.getClass().getName());
  }

  static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
