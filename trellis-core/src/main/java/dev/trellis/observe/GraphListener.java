package dev.trellis.observe;

import java.util.List;

/**
 * Receives the lifecycle events of runs: run, step and task start and end (with timings),
 * interrupts and saved checkpoints (see {@link GraphEvent} for the family and its order).
 * Register one for every run of a graph with {@code CompileOptions.withListeners(...)}, or for
 * one run with {@code RunConfig.withListeners(...)}; tracing ({@code trellis-otel}) and
 * metrics are built on it.
 *
 * <p>Threading: events of one task arrive on the thread that runs the task, so events of
 * parallel tasks arrive concurrently; implementations must be thread-safe. Events are
 * delivered synchronously: a listener must be quick and must not block. An exception it
 * throws is logged (JDK {@code System.Logger} {@code dev.trellis.observe}) and does not affect the run.
 *
 * <p>Cost: when no listener is registered the engine builds no event at all.
 */
@FunctionalInterface
public interface GraphListener {
  /** Called for each event of a run this listener observes. */
  void onEvent(GraphEvent event);

  /**
   * The listener for one run, asked once as the run starts (on the thread that starts it): a
   * listener that keeps per-run state (open spans, say) returns a fresh one; the default is this
   * listener, shared by every run.
   */
  default GraphListener forRun(RunInfo run) {
    return this;
  }

  /**
   * One listener calling each of {@code listeners} in order, or null when there are none (the
   * engine's "nobody listens" marker), or the only one when there is one.
   */
  static GraphListener of(List<GraphListener> listeners) {
    if (listeners == null || listeners.isEmpty()) {
      return null;
    }
    if (listeners.size() == 1) {
      return listeners.getFirst();
    }
    List<GraphListener> all = List.copyOf(listeners);
    return event -> {
      for (GraphListener l : all) {
        l.onEvent(event);
      }
    };
  }
}
