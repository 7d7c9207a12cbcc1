package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.graph.State;
import java.util.ArrayList;
import java.util.List;

/**
 * One unit of work in a superstep: a node run either because its triggers changed (pull)
 * or because a {@link dev.trellis.graph.Send} asked for it (push, {@code pushIndex >= 0}).
 * Its writes are collected here and applied with the step's other writes in path order.
 */
final class StepTask implements Comparable<StepTask> {
  /** Given for pseudo tasks; for planned tasks computed on first use (most runs never need it). */
  private String id;
  private final String checkpointId;
  private final int step;
  final CompiledNode node;
  final int pushIndex;
  final State input;
  final int[] triggers;
  final String namespace;
  /** Whether applying this task's writes ends a superstep (clears ephemeral channels). */
  final boolean bumps;
  final List<Write> writes = new ArrayList<>(4);
  boolean cached;
  /** A Send's own timeout for this task, overriding the node's; null when none. */
  dev.trellis.policy.TimeoutPolicy sendTimeout;

  /** A planned task; its id derives from the checkpoint, namespace, step and path. */
  StepTask(String checkpointId, int step, CompiledNode node, int pushIndex, State input, int[] triggers, String namespace) {
    this(null, checkpointId, step, node, pushIndex, input, triggers, namespace, pushIndex >= 0 || triggers.length > 0);
  }

  /** A task with a given id (pseudo tasks of inputs and state updates). */
  StepTask(String id, CompiledNode node, int pushIndex, State input, int[] triggers, String namespace, boolean bumps) {
    this(id, null, 0, node, pushIndex, input, triggers, namespace, bumps);
  }

  private StepTask(String id, String checkpointId, int step, CompiledNode node, int pushIndex, State input, int[] triggers,
               String namespace, boolean bumps) {
    this.id = id;
    this.checkpointId = checkpointId;
    this.step = step;
    this.node = node;
    this.pushIndex = pushIndex;
    this.input = input;
    this.triggers = triggers;
    this.namespace = namespace;
    this.bumps = bumps;
  }

  /** A task with no node: the run input or Command writes, applied before the first step. */
  static StepTask input(List<Write> writes) {
    StepTask t = new StepTask("input", null, -1, null, new int[0], "", false);
    t.writes.addAll(writes);
    return t;
  }

  /** The deterministic task id (same checkpoint, namespace, step and path: same id). */
  String id() {
    String i = id;
    if (i == null) {
      i = TaskIds.of(checkpointId, namespace, step, node.name(), isPush() ? "push" : "pull", isPush() ? pushIndex : 0);
      id = i;
    }
    return i;
  }

  String name() {
    return node == null ? "__input__" : node.name();
  }

  boolean isPush() {
    return pushIndex >= 0;
  }

  /** The task path as LangGraph prints it, e.g. {@code __pregel_pull/a} or {@code __pregel_push/2}. */
  String path() {
    return isPush() ? ReservedNames.PUSH + "/" + pushIndex : ReservedNames.PULL + "/" + node.name();
  }

  /** Pull tasks (by node name) before push tasks (by index), as LangGraph orders task paths. */
  @Override
  public int compareTo(StepTask o) {
    if ((node == null) != (o.node == null)) {
      return node == null ? -1 : 1;
    }
    if (node == null) {
      return 0;
    }
    if (isPush() != o.isPush()) {
      return isPush() ? 1 : -1;
    }
    return isPush() ? Integer.compare(pushIndex, o.pushIndex) : node.name().compareTo(o.node.name());
  }

  /** The tasks without writes yet (none saved or cached): {@code tasks} itself when that is all of them. */
  static List<StepTask> unfinished(List<StepTask> tasks) {
    boolean all = true;
    for (StepTask t : tasks) {
      all &= t.writes.isEmpty();
    }
    if (all) {
      return tasks;
    }
    List<StepTask> out = new ArrayList<>(tasks.size());
    for (StepTask t : tasks) {
      if (t.writes.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }
}
