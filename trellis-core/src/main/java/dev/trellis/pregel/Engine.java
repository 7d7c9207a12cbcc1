package dev.trellis.pregel;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.GraphRecursionException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Update;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.RunInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs compiled programs. Internal: reached through {@code CompiledGraph}. The driver is
 * the loop of STYLE.md: {@code while (loop.tick()) { runner.runStep(...); loop.afterTick(); }}.
 */
public final class Engine {
  private Engine() {}

  /**
   * What a run ended with: the state values, whether it paused, and the thread's newest
   * checkpoint as saved when the run ran to its end with nothing pending on it (else null; see
   * {@code Loop.finalTuple}), and the saves left for the caller to make (empty unless asked for).
   */
  public record Result(Map<String, Object> values, boolean interrupted, CheckpointTuple saved, List<SaveOp> unsaved) {}

  /** Runs {@code program} on {@code input} (a Map, Update, Command, or null to resume). */
  public static Result run(Program program, Object input, RunConfig config, Sink sink) {
    return run(program, input, config, sink, false);
  }

  /**
   * Runs {@code program} on {@code input}; with {@code leaveLastSaves}, a run that ends with its
   * {@link Result#saved} known returns the saves still queued in {@link Result#unsaved}, unmade.
   */
  public static Result run(Program program, Object input, RunConfig config, Sink sink, boolean leaveLastSaves) {
    CheckpointSaver saver = program.options.checkpointer();
    if (saver != null && config.threadId() == null) {
      throw new TrellisException(ErrorCode.MISSING_THREAD, "graph \"" + program.name
          + "\" has a checkpointer: give each run a thread with RunConfig.thread(\"...\")");
    }
    if (saver == null && config.checkpointId() != null) {
      throw new TrellisException(ErrorCode.NO_CHECKPOINTER, "RunConfig.checkpointId needs a graph compiled with a checkpointer");
    }
    Loop loop = Loop.root(program, config, sink);
    if (loop.observer == null) {
      List<SaveOp> unsaved = new ArrayList<>();
      boolean interrupted = runRoot(loop, input, leaveLastSaves, unsaved);
      return new Result(loop.frame.output(), interrupted, loop.finalTuple(), unsaved);
    }
    Instant start = loop.observer.now();
    RunInfo run = loop.observer.info(config);
    loop.observer.emit(new GraphEvent.RunStarted(program.name, run));
    boolean interrupted;
    List<SaveOp> unsaved = new ArrayList<>();
    try {
      interrupted = runRoot(loop, input, leaveLastSaves, unsaved);
    } catch (Throwable e) {
      loop.observer.emit(new GraphEvent.RunFailed(program.name, run, loop.observer.since(start), e));
      throw e;
    }
    loop.observer.emit(new GraphEvent.RunEnded(program.name, run, loop.observer.since(start), interrupted));
    return new Result(loop.frame.output(), interrupted, loop.finalTuple(), unsaved);
  }

  /**
   * Drives the root loop; returns whether the run paused. With {@code leave}, a run that ended with its final
   * checkpoint known leaves its queued saves unmade, in {@code unsaved}.
   */
  private static boolean runRoot(Loop loop, Object input, boolean leave, List<SaveOp> unsaved) {
    boolean ended = false;
    try {
      loop.enter(input);
      drive(loop);
      ended = true;
    } catch (GraphInterrupt gi) {
      loop.onInterrupt(gi);
      return true;
    } catch (ParentCommand pc) {
      throw new InvalidUpdateException(ErrorCode.NO_PARENT_GRAPH, "a node returned Command.toParentGraph() in the root graph \""
          + loop.program.name + "\", which has no parent");
    } finally {
      if (ended && leave) {
        unsaved.addAll(loop.finishPersistenceLeavingQueued());
      } else {
        loop.finishPersistence();
      }
    }
    return false;
  }

  private static void drive(Loop loop) {
    while (loop.tick()) {
      Runner.runStep(loop, StepTask.unfinished(loop.tasks));
      loop.afterTick();
    }
    if (loop.status == Loop.Status.OUT_OF_STEPS) {
      throw new GraphRecursionException(loop.recursionLimit);
    }
  }

  /** Runs the subgraph of {@code task} inside its step; returns its final state as the task's update. */
  static NodeResult runNested(TaskRuntime rt, StepTask task) {
    Program sub = task.node.subgraph();
    Map<?, ?> values = task.input.arg() instanceof Map<?, ?> m ? m : task.input.toMap();
    return Update.of(nested(rt, sub, sub.inputsOf(values), task.name() + ":" + task.id()));
  }

  /**
   * Runs {@code sub} from inside the node running with {@code rt}, as a subgraph: it shares
   * the thread and checkpointer under its own namespace, its interrupts pause the parent and
   * resume into it, and its {@code Command.toParentGraph()} goes to the parent. Returns its
   * output values. Internal: reached through {@code CompiledGraph.invokeFrom}.
   */
  public static Map<String, Object> runFromNode(Program sub, dev.trellis.runtime.Runtime rt, Map<String, ?> input) {
    if (!(rt instanceof TaskRuntime parent)) {
      throw new IllegalStateException("invokeFrom needs the Runtime of a running node");
    }
    int index = parent.nestedRuns++;
    String segment = sub.name + ":" + parent.task.id() + (index == 0 ? "" : ":" + index);
    return nested(parent, sub, input, segment);
  }

  private static Map<String, Object> nested(TaskRuntime rt, Program sub, Object input, String segment) {
    Loop loop = rt.scope.child(sub, segment, rt);
    try {
      loop.enter(input);
      drive(loop);
    } finally {
      loop.finishPersistence();
    }
    return loop.frame.output();
  }

  /** Removes the cached results of the given nodes (all cached nodes when none are given). */
  public static void clearCache(Program program, String... nodes) {
    var cache = program.options.cache();
    if (cache == null) {
      return;
    }
    String[] targets = nodes.length > 0 ? nodes : java.util.Arrays.stream(program.nodes)
        .filter(n -> n.options().cache() != null).map(CompiledNode::name).toArray(String[]::new);
    String[] namespaces = new String[targets.length];
    for (int i = 0; i < targets.length; i++) {
      namespaces[i] = ReservedNames.nodeCache(program.name, targets[i]);
    }
    if (namespaces.length > 0) {
      cache.clear(namespaces);
    }
  }
}
