package dev.trellis.pregel;

import dev.trellis.graph.RunConfig;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.GraphListener;
import dev.trellis.observe.RunInfo;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The listeners of one run, with what reporting needs between events. Exists only when someone
 * listens: the engine keeps a null observer otherwise and builds no event (loops of subgraphs
 * share their parent's), so an unobserved run pays one null check per event site.
 */
final class Observer {
  private final GraphListener listener;
  /** The graph's clock ({@code CompileOptions.clock}): every duration an event reports is read from it. */
  private final Clock clock;
  /** Per loop: the current step's start; each subgraph loop has its own observer state. */
  Instant stepStart;
  /** Whether the current step is reported (the hidden {@code __start__} step is not). */
  boolean reportStep;

  private Observer(GraphListener listener, Clock clock) {
    this.listener = listener;
    this.clock = clock;
  }

  /** The observer of a root run: the graph's listeners, then the run's, each for this run; null when there are none. */
  static Observer of(Program program, RunConfig config) {
    List<GraphListener> compiled = program.options.listeners();
    List<GraphListener> perRun = config.listeners();
    if (compiled.isEmpty() && perRun.isEmpty()) {
      return null;
    }
    RunInfo run = info(config, program.options.clock());
    List<GraphListener> all = new ArrayList<>(compiled.size() + perRun.size());
    for (GraphListener l : compiled) {
      all.add(l.forRun(run));
    }
    for (GraphListener l : perRun) {
      all.add(l.forRun(run));
    }
    return new Observer(GraphListener.of(all), program.options.clock());
  }

  /** What listeners learn of a run with {@code config} timed by {@code clock}. */
  static RunInfo info(RunConfig config, Clock clock) {
    return new RunInfo(config.threadId(), config.checkpointId(), config.metadata(), clock);
  }

  /** What listeners learn of a run with {@code config}, timed by this observer's clock. */
  RunInfo info(RunConfig config) {
    return info(config, clock);
  }

  /** The observer of a subgraph's loop: same listeners, own step timing. */
  Observer nested() {
    return new Observer(listener, clock);
  }

  /** The time now, by the graph's clock. */
  Instant now() {
    return clock.instant();
  }

  /** The time since {@code start}, by the graph's clock; never negative (a wall clock may be set back). */
  Duration since(Instant start) {
    Duration d = Duration.between(start, clock.instant());
    return d.isNegative() ? Duration.ZERO : d;
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
