package dev.trellis.pregel;

import dev.trellis.policy.Attempts;
import dev.trellis.runtime.Interrupt;
import java.util.List;

/** What the {@link Runner} needs from the loop whose step it runs: a runtime per attempt and where outcomes go. */
interface StepScope {
  Program program();

  /** The channels tasks read routers against (their writes are mapped with it). */
  Frame frame();

  /** The runtime of one attempt of {@code task}. */
  TaskRuntime runtime(StepTask task, Attempts attempt);

  /** The time, sleep and jitter sources of the tasks' policies. */
  Attempts.Timing timing();

  /** Saves a finished task's writes (and caches them when its node is cached). */
  void committed(StepTask task);

  /** Saves that {@code task} paused, with the resume values it consumed. */
  void interrupted(StepTask task, List<Interrupt> interrupts);

  /** Saves that {@code task} failed for good. */
  void failed(StepTask task, Throwable error);

  /** Who observes the run; null when nobody does. */
  Observer observer();

  List<String> nsPath();

  int step();

  /** The id of the task that runs this graph as a subgraph; null for a root graph. */
  String parentTaskId();
}
