package dev.trellis.spring;

import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.GraphListener;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the supersteps and failed node attempts of every run the server executes (a
 * {@link GraphListener} on all its graphs), for {@link TrellisMetrics}'s
 * {@code trellis.steps.duration} and {@code trellis.tasks.failed}.
 */
public class StepTally implements GraphListener {
  private final LongAdder steps = new LongAdder();
  private final LongAdder stepNanos = new LongAdder();
  private final LongAdder failedTasks = new LongAdder();

  @Override
  public void onEvent(GraphEvent event) {
    if (event instanceof GraphEvent.StepEnded e) {
      steps.increment();
      stepNanos.add(e.duration().toNanos());
    } else if (event instanceof GraphEvent.TaskFailed) {
      failedTasks.increment();
    }
  }

  /** Supersteps ended, subgraphs' included. */
  public long steps() {
    return steps.sum();
  }

  /** Their summed wall time in nanoseconds. */
  public long stepNanos() {
    return stepNanos.sum();
  }

  /** Node attempts that ended in an exception (each retry counts). */
  public long failedTasks() {
    return failedTasks.sum();
  }
}
