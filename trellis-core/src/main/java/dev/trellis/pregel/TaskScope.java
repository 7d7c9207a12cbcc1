package dev.trellis.pregel;

import dev.trellis.graph.RunConfig;
import dev.trellis.policy.Attempts;
import java.util.List;
import java.util.Map;

/** What a running task's {@link TaskRuntime} (and the calls it makes) may see of its loop. */
interface TaskScope {
  Program program();

  Frame frame();

  RunConfig config();

  int step();

  int remainingSteps();

  /** The loop's checkpoint namespace ({@code ""} for the root graph) and its segments. */
  String namespace();

  List<String> nsPath();

  Emitter emitter();

  /** The time, sleep and jitter sources of the tasks' policies. */
  Attempts.Timing timing();

  PendingWrites pending();

  /** Resume values given by interrupt id ({@code Command.resume(Map)}); null when none were. */
  Map<String, Object> resumeById();

  /** The task running this graph as a subgraph; null for a root graph. */
  TaskRuntime parent();

  /** A loop for {@code sub} run from inside {@code rt}'s task, under namespace segment {@code segment}. */
  Loop child(Program sub, String segment, TaskRuntime rt);
}
