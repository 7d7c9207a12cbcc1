package dev.trellis.pregel;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.graph.Durability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Carries one loop's checkpoints and pending writes to the saver according to the run's
 * {@link Durability}: inline (sync), in order on one background virtual thread (async),
 * or only once at the end (exit). {@link #finish} must run on every exit path: it waits
 * for background saves (async) or performs the single save (exit) and rethrows the first
 * saving failure.
 */
final class Persistence {
  private final CheckpointSaver saver;
  private final Durability mode;
  private final ExecutorService background;
  private final List<Future<?>> inFlight = new ArrayList<>();
  private CheckpointConfig exitParent;
  private Checkpoint exitCheckpoint;
  private CheckpointMetadata exitMetadata;
  private final Map<String, List<PendingWrite>> exitWrites = new LinkedHashMap<>();

  Persistence(CheckpointSaver saver, Durability mode) {
    this.saver = saver;
    this.mode = mode;
    this.background = mode == Durability.ASYNC
        ? Executors.newSingleThreadExecutor(Thread.ofVirtual().name("trellis-persist").factory()) : null;
  }

  /** Saves (or schedules) a checkpoint as a child of {@code parent}; returns its config at once. */
  CheckpointConfig put(CheckpointConfig parent, Checkpoint cp, CheckpointMetadata md) {
    switch (mode) {
      case SYNC -> saver.put(parent, cp, md);
      case ASYNC -> submit(() -> saver.put(parent, cp, md));
      case EXIT -> {
        if (exitParent == null) {
          exitParent = parent;
        }
        exitCheckpoint = cp;
        exitMetadata = md;
        exitWrites.clear();
      }
    }
    return parent.withCheckpointId(cp.id());
  }

  void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
    switch (mode) {
      case SYNC -> saver.putWrites(config, taskId, writes);
      case ASYNC -> submit(() -> saver.putWrites(config, taskId, writes));
      case EXIT -> {
        synchronized (exitWrites) {
          if (taskId.equals(PendingWrite.NULL_TASK_ID)) {
            exitWrites.computeIfAbsent(taskId, k -> new ArrayList<>()).addAll(writes);
          } else {
            exitWrites.put(taskId, List.copyOf(writes));
          }
        }
      }
    }
  }

  private void submit(Runnable r) {
    synchronized (inFlight) {
      inFlight.add(background.submit(r));
    }
  }

  /** Completes every save of this loop; throws the first failure. Idempotent. */
  void finish() {
    Throwable failure = null;
    if (mode == Durability.ASYNC) {
      List<Future<?>> all;
      synchronized (inFlight) {
        all = new ArrayList<>(inFlight);
        inFlight.clear();
      }
      boolean interrupted = false;
      for (Future<?> f : all) {
        while (true) {
          try {
            f.get();
            break;
          } catch (InterruptedException e) {
            interrupted = true; // saves must land even when the run is being cancelled
          } catch (java.util.concurrent.ExecutionException e) {
            failure = failure == null ? e.getCause() : failure;
            break;
          }
        }
      }
      background.shutdown();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    } else if (mode == Durability.EXIT && exitCheckpoint != null) {
      CheckpointConfig saved = saver.put(exitParent, exitCheckpoint, exitMetadata);
      synchronized (exitWrites) {
        exitWrites.forEach((task, writes) -> saver.putWrites(saved, task, writes));
        exitWrites.clear();
      }
      exitCheckpoint = null;
    }
    if (failure instanceof RuntimeException re) {
      throw re;
    }
    if (failure != null) {
      throw new IllegalStateException("saving a checkpoint failed: " + failure, failure);
    }
  }
}
