package dev.trellis.pregel;

import dev.trellis.graph.NodeResult;
import dev.trellis.graph.Update;

/**
 * Runs one task's node by kind: the hidden {@code __start__} node turns the run input into
 * an update, a subgraph node runs its graph nested in this task, any other node calls its body.
 */
final class NodeKinds {
  private NodeKinds() {}

  static NodeResult invoke(StepTask task, TaskRuntime rt) throws Exception {
    CompiledNode node = task.node;
    if (node.isStart()) {
      return RunInput.startUpdate(rt.scope.program(), task.input.arg());
    }
    if (node.subgraph() != null) {
      return Engine.runNested(rt, task);
    }
    NodeResult r = node.body().apply(task.input, rt);
    return r == null ? Update.empty() : r;
  }
}
