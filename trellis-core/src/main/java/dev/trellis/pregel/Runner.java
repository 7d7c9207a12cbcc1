package dev.trellis.pregel;

import dev.trellis.graph.Command;
import dev.trellis.graph.Interrupt;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.error.NodeException;
import dev.trellis.graph.error.NodeTimeoutException;
import dev.trellis.graph.error.TrellisException;
import dev.trellis.observe.GraphEvent;
import dev.trellis.policy.Attempts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Runs one superstep's tasks: each on its own virtual thread (a lone task on the caller's
 * thread), each task's writes saved the moment it finishes. When a task fails for good the
 * others are cancelled. After all have stopped: the first failure is raised, else a
 * command for the parent graph, else the interrupts of every paused task together.
 *
 * <p>Per task the policy chain is: retry scope (first policy whose {@code retryOn} matches
 * the failure) → node. Interrupts and parent commands are never retried.
 */
final class Runner {
  private Runner() {}

  /** Thread-safe, unnamed: naming every task thread costs more than a trivial node. */
  private static final java.util.concurrent.ThreadFactory VIRTUAL = Thread.ofVirtual().name("trellis-task-", 0).factory();

  private record Outcome(StepTask task, Throwable failure, List<Interrupt> interrupts, ParentCommand parent) {}

  static void runStep(StepScope scope, List<StepTask> tasks) {
    if (tasks.isEmpty()) {
      return;
    }
    List<Outcome> outcomes = new ArrayList<>(tasks.size());
    if (tasks.size() == 1) {
      outcomes.add(execute(scope, tasks.getFirst()));
    } else {
      runParallel(scope, tasks, outcomes);
    }
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

  /**
   * Runs several tasks concurrently without paying a thread per trivial task. The calling
   * thread and helper virtual threads claim tasks in order from a shared counter; whoever
   * claims a task first makes sure a helper is on its way (at most one helper is starting
   * at a time) while unclaimed tasks remain. Fast tasks are thus mostly run by the caller
   * with one or two helpers, while a task that blocks lets the next helper start, so every
   * blocked task still ends up with its own thread (tasks may wait on each other).
   */
  private static void runParallel(StepScope scope, List<StepTask> tasks, List<Outcome> outcomes) {
    Parallel p = new Parallel(scope, tasks, outcomes);
    p.work(true);
    p.joinHelpers();
  }

  private static final class Parallel {
    private final StepScope scope;
    private final List<StepTask> tasks;
    private final List<Outcome> outcomes;
    private final java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger starting = new java.util.concurrent.atomic.AtomicInteger();
    private final List<Thread> helpers = new ArrayList<>();
    private final Thread caller = Thread.currentThread();
    private volatile boolean stopped;
    private boolean cancelled;

    Parallel(StepScope scope, List<StepTask> tasks, List<Outcome> outcomes) {
      this.scope = scope;
      this.tasks = tasks;
      this.outcomes = outcomes;
    }

    void work(boolean isCaller) {
      while (!stopped) {
        int i = next.getAndIncrement();
        if (i >= tasks.size()) {
          return;
        }
        ensureHelper();
        Outcome o = execute(scope, tasks.get(i));
        synchronized (outcomes) {
          outcomes.add(o);
        }
        if (o.failure != null) {
          boolean runCancelled = o.failure instanceof CancellationException && isCaller && !stopped;
          if (!(o.failure instanceof CancellationException) || runCancelled) {
            stopAll(runCancelled);
          }
        }
      }
    }

    private void ensureHelper() {
      if (next.get() < tasks.size() && !stopped && starting.compareAndSet(0, 1)) {
        Thread t = VIRTUAL.newThread(() -> {
          starting.set(0);
          work(false);
        });
        synchronized (helpers) {
          if (stopped) {
            starting.set(0);
            return;
          }
          helpers.add(t);
        }
        t.start();
      }
    }

    /** A task failed (or the caller was cancelled): claim nothing more and interrupt the running tasks. */
    private void stopAll(boolean runCancelled) {
      synchronized (helpers) {
        if (stopped) {
          return;
        }
        stopped = true;
        cancelled |= runCancelled;
        for (Thread t : helpers) {
          t.interrupt();
        }
      }
      if (Thread.currentThread() != caller) {
        caller.interrupt(); // stops a task the caller is running; cleared in joinHelpers
      }
    }

    void joinHelpers() {
      boolean interrupted = false;
      for (int i = 0; ; i++) {
        Thread t;
        synchronized (helpers) {
          if (i >= helpers.size()) {
            break;
          }
          t = helpers.get(i);
        }
        while (true) {
          try {
            t.join();
            break;
          } catch (InterruptedException e) {
            if (!stopped) {
              interrupted = true; // the run itself is being cancelled
              stopAll(true);
            }
          }
        }
      }
      boolean pending = Thread.interrupted();
      if (cancelled || interrupted || pending && !stopped) {
        Thread.currentThread().interrupt();
        throw new CancellationException("run cancelled");
      }
    }
  }

  private static Outcome execute(StepScope scope, StepTask task) {
    if (scope.observer() == null || task.node.isStart()) {
      return attempts(scope, task, null);
    }
    long start = System.nanoTime();
    String parentTask = scope.parentTaskId();
    int[] attempts = {0};
    scope.observer().emit(new GraphEvent.TaskStarted(scope.nsPath(), scope.step(), task.id(), task.name(), parentTask));
    Outcome o;
    try {
      o = attempts(scope, task, attempts);
    } catch (Throwable e) {
      scope.observer().emit(new GraphEvent.TaskFailed(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0],
          Duration.ofNanos(System.nanoTime() - start), e));
      throw e;
    }
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    if (o.failure != null) {
      scope.observer().emit(new GraphEvent.TaskFailed(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0], took,
          o.failure));
    } else if (o.interrupts != null) {
      scope.observer().emit(new GraphEvent.TaskInterrupted(scope.nsPath(), scope.step(), task.id(), task.name(), took,
          o.interrupts));
    } else {
      scope.observer().emit(new GraphEvent.TaskEnded(scope.nsPath(), scope.step(), task.id(), task.name(), attempts[0], took));
    }
    return o;
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
        return new Outcome(task, null, null, null);
      }
      // A node of a graph nested in this task aimed a Command at this graph: it is the task's result.
      try {
        Command c = forChild.command();
        NodeOutput.map(scope.frame(), task.node, new Command(c.update(), c.gotos(), null, false), true, task.writes);
        scope.committed(task);
        return new Outcome(task, null, null, null);
      } catch (Exception e) {
        scope.failed(task, e);
        return new Outcome(task, wrap(task, chain.attempt(), e), null, null);
      }
    } catch (GraphInterrupt gi) {
      scope.interrupted(task, gi.interrupts());
      return new Outcome(task, null, gi.interrupts(), null);
    } catch (ParentCommand pc) {
      return new Outcome(task, null, null, pc);
    } catch (CancellationException e) {
      return new Outcome(task, e, null, null);
    } catch (Throwable e) {
      if (Thread.currentThread().isInterrupted() || e instanceof InterruptedException) {
        return new Outcome(task, new CancellationException("task " + task.name() + " cancelled"), null, null);
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
        return new Outcome(task, null, null, null);
      } catch (GraphInterrupt gi) {
        scope.interrupted(task, gi.interrupts());
        return new Outcome(task, null, gi.interrupts(), null);
      } catch (Throwable handlerFailure) {
        handlerFailure.addSuppressed(e);
        scope.failed(task, handlerFailure);
        return new Outcome(task, wrap(task, attempts, handlerFailure), null, null);
      }
    }
    scope.failed(task, e);
    return new Outcome(task, wrap(task, attempts, e), null, null);
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
