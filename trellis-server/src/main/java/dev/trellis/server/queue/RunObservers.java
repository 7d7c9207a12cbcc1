package dev.trellis.server.queue;

import dev.trellis.graph.RunConfig;
import dev.trellis.observe.GraphListener;
import dev.trellis.otel.TrellisTelemetry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What observes the runs a worker executes: the listeners given to the server (every run), and
 * OpenTelemetry tracing whose run span continues the trace of the request that created the
 * run. That request's W3C {@code traceparent}/{@code tracestate} headers are stored with the
 * run (kwargs {@value #TRACE_CONTEXT}), so whichever worker executes it, even after a
 * restart, parents the run span on the caller's span.
 */
public record RunObservers(List<GraphListener> listeners, TrellisTelemetry telemetry) {
  public static final RunObservers NONE = new RunObservers(List.of(), null);
  /** The run kwargs key holding the creating request's W3C trace headers. */
  public static final String TRACE_CONTEXT = "trace_context";
  private static final List<String> TRACE_HEADERS = List.of("traceparent", "tracestate");

  public RunObservers {
    listeners = List.copyOf(listeners);
  }

  /** The W3C trace headers among {@code header} lookups (by lower-case name): what a run keeps; empty when none. */
  public static Map<String, String> traceHeaders(java.util.function.Function<String, String> header) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : TRACE_HEADERS) {
      String v = header.apply(name);
      if (v != null && !v.isBlank() && v.length() <= 512) {
        out.put(name, v);
      }
    }
    return out;
  }

  /** {@code rc} with this server's listeners for {@code run}, unchanged when nothing observes runs. */
  RunConfig apply(Run run, RunConfig rc) {
    if (listeners.isEmpty() && telemetry == null) {
      return rc;
    }
    List<GraphListener> all = new ArrayList<>(listeners);
    if (telemetry != null) {
      Map<String, String> carrier = new LinkedHashMap<>();
      if (run.kwargs().get(TRACE_CONTEXT) instanceof Map<?, ?> stored) {
        stored.forEach((k, v) -> carrier.put(String.valueOf(k), String.valueOf(v)));
      }
      all.add(telemetry.listener(telemetry.extract(carrier)));
    }
    return rc.withListeners(all.toArray(GraphListener[]::new));
  }
}
