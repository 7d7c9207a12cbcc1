package dev.trellis.pregel;

import dev.trellis.error.NodeException;
import dev.trellis.error.NodeTimeoutException;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.Command;
import dev.trellis.graph.NodeResult;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.TracePolicy;
import dev.trellis.policy.Attempts;
import dev.trellis.runtime.Interrupt;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Runs one superstep's tasks: on the caller's thread until one blocks or runs long, then
 * with helper virtual threads ({@link ParallelStep}); each task's writes are saved the
 * moment it finishes. When a task fails for good the
 * others are cancelled. After all have stopped: the first failure is raised, else a
 * command for the parent graph, else the interrupts of every paused task together.
 *
 * <p>Per task the policy chain is {@link dev.trellis.policy.Attempts}' (the cache was looked
 * up when the step was planned): retry loop → per-attempt timeout → node. Interrupts and
 * parent commands are never retried; the node's error handler runs after the retries.
 */
final class Runner {
  private Runner() {}

  /** How one task ended: failed, paused, sent a command to the parent graph, or (all null) succeeded. */
  record Outcome(Throwable failure, List<Interrupt> interrupts, ParentCommand parent) {
    static final Outcome SUCCESS = new Outcome(null, null, null);
  }

  static void runStep(StepScope scope, List<StepTask> tasks) {
    if (tasks.isEmpty()) {
      return;
    }
    if (tasks.size() == 1) {
      Outcome o = execute(scope, tasks.getFirst());
      if (o != Outcome.SUCCESS) {
        raise(List.of(o));
      }
      return;
    }
    List<Outcome> outcomes = new ArrayList<>(tasks.size());
    new ParallelStep(tasks, outcomes, t -> execute(scope, t)).run();
    raise(outcomes);
  }

  /** After all tasks stopped: the first failure, else a command for the parent, else all interrupts together. */
  private static void raise(List<Outcome> outcomes) {
    Throwable failure = null;
    ParentCommand parent = null;
    List<Interrupt> interrupts = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (o.failure != null && failure == null) {
        failure = o.failure;
      }
      if (o.parent != null && parent == null) {
        parent = o.parent;
      }
      if (o.interrupts != null) {
        interrupts.addAll(o.interrupts);
      }
    }
    if (failure != null) {
      throw sneaky(failure);
    }
    if (parent != null) {
      throw parent;
    }
    if (!interrupts.isEmpty()) {
      throw new GraphInterrupt(interrupts);
    }
  }

  private static Outcome execute(StepScope scope, StepTask task) {
    if (scope.observer() == null || task.node.isStart()) {
      return attempts(scope, task, null);
    }
    Instant start = scope.observer().now();
    String parentTask = scope.parentTaskId();
    int[] attempts = {0};
    TracePolicy trace = task.node.options().trace() == null ? TracePolicy.RECORD : task.node.options().trace();
    scope.observer().emit(new GraphEvent.TaskStarted(scope.nsPath(), scope.step(), task.id(), task.name(), parentTask,
        trace.inputs().apply(task.input)));
    Outcome o;
    try {
      o = attempts(scope, task, attempts);
    } catch (Throwable e) {
      scope.observer().emit(new GraphEvent.TaskFailed(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0],
          scope.observer().since(start), e));
      throw e;
    }
    Duration took = scope.observer().since(start);
    if (o.failure != null) {
      scope.observer().emit(new GraphEvent.TaskFailed(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0], took,
          o.failure));
    } else if (o.interrupts != null) {
      scope.observer().emit(new GraphEvent.TaskInterrupted(scope.nsPath(), scope.step(), task.id(), task.name(), took,
          o.interrupts));
    } else {
      scope.observer().emit(new GraphEvent.TaskEnded(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0], took,
          trace.outputs().apply(written(scope.program(), task))));
    }
    return o;
  }

  /** The state keys a task wrote, with their values in write order (a key written twice keeps its last value). */
  private static Map<String, Object> written(Program program, StepTask task) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Write w : task.writes) {
      if (w.slot() >= 0 && w.slot() < program.stateCount) {
        out.put(program.channelNames[w.slot()], w.value());
      }
    }
    return out;
  }

  /**
   * The task through its policy chain ({@link Attempts}: retry → timeout → node): attempts
   * until one succeeds, pauses, or fails for good; counts them in {@code count} when given
   * (only observed runs pass one: nothing is allocated otherwise). Each attempt's timeout
   * covers the node, not the saving of its writes.
   */
  private static Outcome attempts(StepScope scope, StepTask task, int[] count) {
    TaskAttempt work = new TaskAttempt(scope, task, count);
    Attempts chain = new Attempts(task.name(), task.node.options().retry(), Runner::retryable,
        task.sendTimeout != null ? task.sendTimeout : task.node.options().timeout(), scope.timing());
    try {
      ParentCommand forChild = chain.run(work);
      if (forChild == null) {
        return Outcome.SUCCESS;
      }
      // A node of a graph nested in this task aimed a Command at this graph: it is the task's result.
      try {
        Command c = forChild.command();
        NodeOutput.map(scope.frame(), task.node, new Command(c.update(), c.gotos(), null, false), true, task.writes);
        scope.committed(task);
        return Outcome.SUCCESS;
      } catch (Exception e) {
        scope.failed(task, e);
        return new Outcome(wrap(task, chain.attempt(), e), null, null);
      }
    } catch (GraphInterrupt gi) {
      scope.interrupted(task, gi.interrupts());
      return new Outcome(null, gi.interrupts(), null);
    } catch (ParentCommand pc) {
      return new Outcome(null, null, pc);
    } catch (CancellationException e) {
      return new Outcome(e, null, null);
    } catch (Throwable e) {
      if (Thread.currentThread().isInterrupted() || e instanceof InterruptedException) {
        return new Outcome(new CancellationException("task " + task.name() + " cancelled"), null, null);
      }
      return handleFailure(scope, task, work.rt, chain.attempt(), e);
    }
  }

  /** One attempt of a task: the node, then (untimed) its writes mapped and saved; returns a command for a parent. */
  private static final class TaskAttempt implements Attempts.Call<ParentCommand> {
    private final StepScope scope;
    private final StepTask task;
    private final int[] count;
    TaskRuntime rt;

    TaskAttempt(StepScope scope, StepTask task, int[] count) {
      this.scope = scope;
      this.task = task;
      this.count = count;
    }

    @Override
    public ParentCommand call(Attempts attempt) throws Exception {
      if (count != null) {
        count[0] = attempt.attempt();
      }
      task.writes.clear();
      rt = scope.runtime(task, attempt);
      NodeResult result;
      try {
        result = NodeKinds.invoke(task, rt);
      } catch (ParentCommand pc) {
        if (pc.origin != scope.program()) {
          attempt.endTimeout();
          return pc;
        }
        throw pc;
      }
      attempt.endTimeout();
      NodeOutput.map(scope.frame(), task.node, result, task.node.subgraph() != null, task.writes);
      scope.committed(task);
      return null;
    }
  }

  /** After the retries: the node's error handler turns the failure into a result, or the task fails. */
  private static Outcome handleFailure(StepScope scope, StepTask task, TaskRuntime rt, int attempts, Throwable e) {
    var handler = task.node.options().onError();
    if (handler != null) {
      try {
        task.writes.clear();
        NodeResult result = handler.handle(task.input, rt, e);
        NodeOutput.map(scope.frame(), task.node, result == null ? dev.trellis.graph.Update.empty() : result, false,
            task.writes);
        scope.committed(task);
        return Outcome.SUCCESS;
      } catch (GraphInterrupt gi) {
        scope.interrupted(task, gi.interrupts());
        return new Outcome(null, gi.interrupts(), null);
      } catch (Throwable handlerFailure) {
        handlerFailure.addSuppressed(e);
        scope.failed(task, handlerFailure);
        return new Outcome(wrap(task, attempts, handlerFailure), null, null);
      }
    }
    scope.failed(task, e);
    return new Outcome(wrap(task, attempts, e), null, null);
  }

  /**
   * Whether a task's (or a functional-API call's) failure may be retried: control flow never,
   * Trellis' own errors neither, except a node timeout (retried only when a policy names it).
   */
  static boolean retryable(Throwable e) {
    if (e instanceof GraphInterrupt || e instanceof ParentCommand || e instanceof CancellationException) {
      return false;
    }
    return !(e instanceof TrellisException) || e instanceof NodeTimeoutException;
  }

  static Throwable wrap(StepTask task, int attempts, Throwable e) {
    if (e instanceof TrellisException || e instanceof Error) {
      return e;
    }
    return new NodeException(task.name(), task.path(), attempts, e);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable e) throws E {
    throw (E) e;
  }
}
