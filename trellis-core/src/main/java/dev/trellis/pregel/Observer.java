package dev.trellis.pregel;

import dev.trellis.graph.RunConfig;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.GraphListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The listeners of one run, with what reporting needs between events. Exists only when someone
 * listens: the engine keeps a null observer otherwise and builds no event (loops of subgraphs
 * share their parent's), so an unobserved run pays one null check per event site.
 */
final class Observer {
  private final GraphListener listener;
  /** Per loop: the current step's start; each subgraph loop has its own observer state. */
  long stepStartNanos;
  /** Whether the current step is reported (the hidden {@code __start__} step is not). */
  boolean reportStep;

  private Observer(GraphListener listener) {
    this.listener = listener;
  }

  /** The observer of a root run: the graph's listeners, then the run's, each for this run; null when there are none. */
  static Observer of(Program program, RunConfig config) {
    List<GraphListener> compiled = program.options.listeners();
    List<GraphListener> perRun = config.listeners();
    if (compiled.isEmpty() && perRun.isEmpty()) {
      return null;
    }
    List<GraphListener> all = new ArrayList<>(compiled.size() + perRun.size());
    for (GraphListener l : compiled) {
      all.add(l.forRun(config));
    }
    for (GraphListener l : perRun) {
      all.add(l.forRun(config));
    }
    return new Observer(GraphListener.of(all));
  }

  /** The observer of a subgraph's loop: same listeners, own step timing. */
  Observer nested() {
    return new Observer(listener);
  }

  /** Delivers {@code event}; a listener's failure is logged and does not reach the run. */
  void emit(GraphEvent event) {
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      System.getLogger("dev.trellis.observe").log(System.Logger.Level.WARNING,
          "graph listener " + listener.getClass().getName() + " failed on " + event.getClass().getSimpleName(), e);
    }
  }
}
