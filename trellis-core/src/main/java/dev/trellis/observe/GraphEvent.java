package dev.trellis.observe;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.runtime.Interrupt;
import java.time.Duration;
import java.util.List;

/**
 * What a {@link GraphListener} receives: immutable records of a run's lifecycle.
 *
 * <p>Order within one run: {@link RunStarted}; per superstep {@link StepStarted}, then for each
 * task that executes {@link TaskStarted} and exactly one of {@link TaskEnded}, {@link TaskFailed}
 * or {@link TaskInterrupted} (tasks of a step run in parallel, so their events interleave), then
 * {@link StepEnded} once the step's writes are applied, followed by {@link CheckpointSaved} when a
 * checkpointer keeps it; finally {@link RunEnded} (also when the run paused, after
 * {@link Interrupted}) or {@link RunFailed}. Tasks whose writes were saved before (a resumed run)
 * or cached are not executed and produce no task events. Subgraphs report their steps, tasks
 * and checkpoints with their {@link #namespace()} (one {@code node:taskId} segment per level) and
 * the id of the parent graph's task that runs them; only the root graph reports run events.
 *
 * <p>Durations are read from the graph's clock ({@code CompileOptions.withClock}), so a test that
 * moves its clock by hand gets exact durations.
 */
public sealed interface GraphEvent {
  /** The checkpoint namespace of the graph the event comes from: empty for the root graph. */
  List<String> namespace();

  /** A run begins; {@code run} names its thread and carries its metadata (such as a server's run_id). */
  record RunStarted(String graph, RunInfo run) implements GraphEvent {
    @Override
    public List<String> namespace() {
      return List.of();
    }
  }

  /** A run returned: it finished, or paused for a human ({@code interrupted}). */
  record RunEnded(String graph, RunInfo run, Duration duration, boolean interrupted) implements GraphEvent {
    @Override
    public List<String> namespace() {
      return List.of();
    }
  }

  /** A run stopped with {@code error} (a node's failure after its retries, a cancellation, an invalid input...). */
  record RunFailed(String graph, RunInfo run, Duration duration, Throwable error) implements GraphEvent {
    @Override
    public List<String> namespace() {
      return List.of();
    }
  }

  /** Superstep {@code step} of {@code graph} is about to run {@code tasks} tasks. */
  record StepStarted(List<String> namespace, String graph, int step, int tasks) implements GraphEvent {}

  /** Superstep {@code step}'s writes are applied. */
  record StepEnded(List<String> namespace, String graph, int step, Duration duration) implements GraphEvent {}

  /**
   * Node {@code node} starts as task {@code taskId} in {@code step}; {@code parentTaskId} is the
   * task of the enclosing graph that runs this subgraph (null in the root graph). {@code input}
   * is the state the task receives (a {@code dev.trellis.graph.State}, valid during this call) as
   * the node's {@link TracePolicy} lets traces see it.
   */
  record TaskStarted(List<String> namespace, int step, String taskId, String node, String parentTaskId, Object input)
      implements GraphEvent {
    public TaskStarted(List<String> namespace, int step, String taskId, String node, String parentTaskId) {
      this(namespace, step, taskId, node, parentTaskId, null);
    }
  }

  /**
   * The task finished; {@code attempts} counts retries (1 without). {@code output} is what it
   * wrote (state key → value, in write order) as the node's {@link TracePolicy} lets traces see it.
   */
  record TaskEnded(List<String> namespace, int step, String taskId, String node, int attempts, Duration duration,
                   Object output) implements GraphEvent {
    public TaskEnded(List<String> namespace, int step, String taskId, String node, int attempts, Duration duration) {
      this(namespace, step, taskId, node, attempts, duration, null);
    }
  }

  /** The task failed for good (after its retries; with no error handler that recovered). */
  record TaskFailed(List<String> namespace, int step, String taskId, String node, int attempts, Duration duration,
                    Throwable error) implements GraphEvent {}

  /** The task called {@code interrupt()} and paused. */
  record TaskInterrupted(List<String> namespace, int step, String taskId, String node, Duration duration,
                         List<Interrupt> interrupts) implements GraphEvent {}

  /** The run paused: with the tasks' interrupts, or none at a static breakpoint. */
  record Interrupted(List<String> namespace, int step, List<Interrupt> interrupts) implements GraphEvent {}

  /** A checkpoint of {@code source} ({@code input}, {@code loop}, {@code fork}) was handed to the saver. */
  record CheckpointSaved(List<String> namespace, int step, String source, CheckpointConfig config)
      implements GraphEvent {}
}
