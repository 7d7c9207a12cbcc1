package dev.trellis.pregel;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.diagnostics.Waits;
import dev.trellis.graph.Durability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Carries one loop's checkpoints and pending writes to the saver according to the run's
 * {@link Durability}:
 * <ul>
 *   <li>sync: inline, each save done before the run goes on;</li>
 *   <li>async: queued, in order, for one background virtual thread that saves everything
 *       queued so far as one batch ({@link CheckpointSaver#putBatch}: one transaction, a
 *       group commit), so a slow disk costs one commit per batch, not per save. Savers
 *       without I/O ({@link CheckpointSaver#inMemory}) are written inline;</li>
 *   <li>exit: nothing until {@link #finish}, which saves the last checkpoint and its writes
 *       (LangGraph's {@code durability="exit"}: one checkpoint per run; a run that made none
 *       saves its writes on the checkpoint it started from).</li>
 * </ul>
 * {@link #finish} must run on every exit path of the loop: it waits for queued saves (or
 * makes the exit save) and rethrows the first saving failure.
 */
final class Persistence {
  private final CheckpointSaver saver;
  private final Durability mode;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition idle = lock.newCondition();
  private List<SaveOp> queue = new ArrayList<>();
  private boolean workerRunning;
  /** The background thread holds a batch it took and has not finished saving. */
  private boolean taking;
  /** {@link #finishLeavingQueued} took the queue: the background thread takes nothing more (it only ends). */
  private boolean closed;
  private Throwable failure;
  private CheckpointConfig exitParent;
  private Checkpoint exitCheckpoint;
  private CheckpointMetadata exitMetadata;
  private CheckpointConfig exitWritesConfig;
  private final Map<String, List<PendingWrite>> exitWrites = new LinkedHashMap<>();

  /** Starts the background saver thread (a new virtual thread; a test may hold the start back). */
  private final java.util.concurrent.Executor starter;

  Persistence(CheckpointSaver saver, Durability mode) {
    this(saver, mode, task -> Thread.ofVirtual().name("trellis-persist").start(task));
  }

  Persistence(CheckpointSaver saver, Durability mode, java.util.concurrent.Executor starter) {
    this.saver = saver;
    this.mode = mode == Durability.ASYNC && saver.inMemory() ? Durability.SYNC : mode;
    this.starter = starter;
  }

  /** Saves (or queues) a checkpoint as a child of {@code parent}; returns its config at once. */
  CheckpointConfig put(CheckpointConfig parent, Checkpoint cp, CheckpointMetadata md) {
    switch (mode) {
      case SYNC -> saver.put(parent, cp, md);
      case ASYNC -> enqueue(new SaveOp.Put(parent, cp, md));
      case EXIT -> {
        if (exitParent == null) {
          exitParent = parent;
        }
        exitCheckpoint = cp;
        exitMetadata = md;
        synchronized (exitWrites) {
          exitWrites.clear();
        }
      }
    }
    return parent.withCheckpointId(cp.id());
  }

  /**
   * The parent the saver stores for a checkpoint {@link #put} as a child of {@code parent}: in
   * exit mode the run's checkpoint is saved once, as a child of the checkpoint the run started from.
   */
  CheckpointConfig storedParent(CheckpointConfig parent) {
    return mode == Durability.EXIT && exitParent != null ? exitParent : parent;
  }

  /** @param firstSave the task saved nothing at this checkpoint before (no earlier writes to replace) */
  void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes, boolean firstSave) {
    switch (mode) {
      case SYNC -> saver.putBatch(List.of(new SaveOp.Writes(config, taskId, writes, firstSave)));
      case ASYNC -> enqueue(new SaveOp.Writes(config, taskId, writes, firstSave));
      case EXIT -> {
        synchronized (exitWrites) {
          exitWritesConfig = config;
          if (taskId.equals(PendingWrite.NULL_TASK_ID)) {
            exitWrites.computeIfAbsent(taskId, k -> new ArrayList<>()).addAll(writes);
          } else {
            exitWrites.put(taskId, List.copyOf(writes));
          }
        }
      }
    }
  }

  private void enqueue(SaveOp op) {
    lock.lock();
    try {
      queue.add(op);
      if (!workerRunning) {
        workerRunning = true;
        long queued = Waits.now();
        starter.execute(() -> {
          Waits.since("persist.0-start-delay", queued);
          drain();
        });
      }
    } finally {
      lock.unlock();
    }
  }

  private void drain() {
    while (true) {
      List<SaveOp> batch;
      lock.lock();
      try {
        if (queue.isEmpty() || closed) {
          workerRunning = false;
          idle.signalAll();
          return;
        }
        batch = queue;
        queue = new ArrayList<>();
        taking = true;
      } finally {
        lock.unlock();
      }
      try {
        Waits.label("persist");
        Waits.add("persist.1-batch-saves(count)", batch.size());
        long t = Waits.now();
        saver.putBatch(batch);
        Waits.since("persist.2-putBatch", t);
      } catch (Throwable t) {
        lock.lock();
        try {
          failure = failure == null ? t : failure;
        } finally {
          lock.unlock();
        }
      } finally {
        lock.lock();
        try {
          taking = false;
          idle.signalAll();
        } finally {
          lock.unlock();
        }
      }
    }
  }

  /**
   * As {@link #finish}, except that the saves not yet made are returned, in order, for the caller
   * to make: in async mode those still queued (not yet taken by the background thread; it waits
   * for the batch in flight, so every save before the returned ones has landed, but not for a
   * background thread that has not taken one: that one ends without saving), in exit mode the
   * exit save. When an earlier save failed, the queued ones are saved as {@link #finish} would and
   * the failure is thrown.
   */
  List<SaveOp> finishLeavingQueued() {
    if (mode == Durability.EXIT) {
      return exitSaves();
    }
    if (mode != Durability.ASYNC) {
      finish();
      return List.of();
    }
    List<SaveOp> left;
    Throwable failed;
    long t = Waits.now();
    lock.lock();
    try {
      left = queue;
      queue = new ArrayList<>();
      // Only a batch the background thread took must land first; one started but not yet running takes nothing now.
      closed = true;
      if (Waits.ON && taking) {
        Waits.add("persist.3-finish-found-taking(count)", 1);
      }
      while (taking) {
        idle.awaitUninterruptibly();
      }
      failed = failure;
    } finally {
      lock.unlock();
    }
    Waits.since("persist.4-finish-wait", t);
    Waits.add("persist.5-left-saves(count)", left.size());
    if (failed == null) {
      return left;
    }
    lock.lock();
    try {
      while (workerRunning) {
        idle.awaitUninterruptibly(); // it ends without taking anything: closed
      }
      closed = false;
      queue.addAll(left);
    } finally {
      lock.unlock();
    }
    if (!left.isEmpty()) {
      drain(); // on this thread: no background thread runs now
    }
    finish();
    return List.of();
  }

  /** The exit-mode save as operations (see {@link #finish}), forgetting them here. */
  private List<SaveOp> exitSaves() {
    List<SaveOp> ops = new ArrayList<>();
    CheckpointConfig saved = exitWritesConfig;
    if (exitCheckpoint != null) {
      ops.add(new SaveOp.Put(exitParent, exitCheckpoint, exitMetadata));
      saved = exitParent.withCheckpointId(exitCheckpoint.id());
    }
    synchronized (exitWrites) {
      if (saved != null) {
        for (Map.Entry<String, List<PendingWrite>> e : exitWrites.entrySet()) {
          ops.add(new SaveOp.Writes(saved, e.getKey(), e.getValue()));
        }
      }
      exitWrites.clear();
    }
    exitCheckpoint = null;
    return ops;
  }

  /** Completes every save of this loop; throws the first failure. Idempotent. */
  void finish() {
    Throwable failed;
    lock.lock();
    try {
      while (workerRunning) {
        idle.awaitUninterruptibly(); // saves must land even while the run is being cancelled
      }
      failed = failure;
      failure = null;
    } finally {
      lock.unlock();
    }
    if (mode == Durability.EXIT) {
      // A run that made no new checkpoint (a resume that paused again in the same node, a
      // Command with only an update) still saves its writes, on the checkpoint it started from.
      CheckpointConfig saved = exitCheckpoint != null ? saver.put(exitParent, exitCheckpoint, exitMetadata) : exitWritesConfig;
      synchronized (exitWrites) {
        if (saved != null) {
          exitWrites.forEach((task, writes) -> saver.putWrites(saved, task, writes));
        }
        exitWrites.clear();
      }
      exitCheckpoint = null;
    }
    if (failed instanceof RuntimeException re) {
      throw re;
    }
    if (failed != null) {
      throw new IllegalStateException("saving a checkpoint failed: " + failed, failed);
    }
  }
}
