package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.RunCounters;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Micrometer meters of the Trellis server: {@code trellis.runs.started}, {@code trellis.runs.ended}
 * (tag {@code status}: success, error, timeout, interrupted), {@code trellis.runs.duration} (ended
 * runs), {@code trellis.steps.duration} (supersteps, subgraphs' included), {@code trellis.tasks.failed}
 * (node attempts that threw), {@code trellis.queue.pending}, {@code trellis.queue.running}, {@code trellis.queue.lag}
 * (seconds the oldest due run has waited) and {@code trellis.worker.busy} / {@code trellis.worker.slots}.
 */
public class TrellisMetrics implements MeterBinder {
  private static final List<String> STATUSES = List.of("success", "error", "timeout", "interrupted");
  private final TrellisServer server;
  private final StepTally steps;
  /**
   * Held here because Micrometer's function meters keep only a weak reference to the object they
   * read: a view made in {@link #bindTo} and held by nothing else was collected by the next GC,
   * and the run counters then froze at the value read last (often 0).
   */
  private final RunCounters runs;

  /** Meters of {@code server}, with the steps {@code steps} counts (a listener of that server). */
  public TrellisMetrics(TrellisServer server, StepTally steps) {
    this.server = server;
    this.steps = steps;
    this.runs = server.runCounters();
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    FunctionCounter.builder("trellis.runs.started", runs, RunCounters::started)
        .description("runs this process began executing").register(registry);
    for (String status : STATUSES) {
      FunctionCounter.builder("trellis.runs.ended", runs, r -> r.ended(status)).tag("status", status)
          .description("runs this process ended, by status").register(registry);
    }
    FunctionTimer.builder("trellis.runs.duration", runs, RunCounters::ended, RunCounters::endedNanos,
        TimeUnit.NANOSECONDS).description("wall time of the runs this process ended").register(registry);
    FunctionTimer.builder("trellis.steps.duration", steps, StepTally::steps, StepTally::stepNanos,
        TimeUnit.NANOSECONDS).description("supersteps of the runs this process executed").register(registry);
    FunctionCounter.builder("trellis.tasks.failed", steps, StepTally::failedTasks)
        .description("node attempts that ended in an exception").register(registry);
    Gauge.builder("trellis.queue.pending", server, s -> s.queueDepth().pending())
        .description("runs waiting and due, all workers").register(registry);
    Gauge.builder("trellis.queue.running", server, s -> s.queueDepth().running())
        .description("runs executing, all workers").register(registry);
    Gauge.builder("trellis.queue.lag", server, s -> s.queueDepth().lagMillis() / 1000.0).baseUnit("seconds")
        .description("how long the oldest due run has waited").register(registry);
    Gauge.builder("trellis.worker.busy", server, TrellisServer::busyWorkerSlots)
        .description("runs this process executes now").register(registry);
    Gauge.builder("trellis.worker.slots", server, TrellisServer::workerSlots)
        .description("runs this process executes at once at most").register(registry);
  }
}
