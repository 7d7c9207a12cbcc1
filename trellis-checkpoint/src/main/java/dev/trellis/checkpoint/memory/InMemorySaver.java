package dev.trellis.checkpoint.memory;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link CheckpointSaver} that keeps everything in memory, for tests, short-lived
 * processes and servers that keep threads only while they run.
 *
 * <p>Checkpoints are kept packed ({@link PackedCheckpoint}): each is two byte arrays in
 * which channel, node and key names are numbers, small values (numbers, short strings,
 * small lists and maps of them) are copied in, and larger or unknown values are kept by
 * reference, so unchanged large values are shared between checkpoints. What
 * {@link #getTuple} and {@link #list} return is equal to what was saved (lists and maps
 * come back as unmodifiable copies). Values kept by reference must not be mutated after a
 * write. Thread-safe.
 */
public final class InMemorySaver implements CheckpointSaver {
  private final Names names = new Names();
  private final Map<String, PackedThread> threads = new ConcurrentHashMap<>();

  @Override
  public CheckpointTuple getTuple(CheckpointConfig config) {
    PackedThread thread = threads.get(config.threadId());
    PackedCheckpoint cp = thread == null ? null : thread.get(config.namespace(), config.checkpointId());
    return cp == null ? null : cp.tuple(names, config);
  }

  @Override
  public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
    PackedThread thread = threads.get(config.threadId());
    List<CheckpointTuple> out = new ArrayList<>();
    if (thread != null) {
      for (PackedCheckpoint cp : thread.list(config.namespace(), before, limit)) {
        out.add(cp.tuple(names, config));
      }
    }
    return out;
  }

  @Override
  public CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) {
    // Saving a checkpoint again (e.g. to patch its metadata) keeps the writes already attached to it, as the JDBC savers do.
    threads.computeIfAbsent(parent.threadId(), t -> new PackedThread())
        .put(names, parent.namespace(), checkpoint, metadata, parent.checkpointId());
    return parent.withCheckpointId(checkpoint.id());
  }

  @Override
  public void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
    PackedThread thread = threads.get(config.threadId());
    if (thread == null || config.checkpointId() == null
        || !thread.putWrites(names, config.namespace(), config.checkpointId(), taskId, writes)) {
      throw new IllegalArgumentException("no checkpoint " + config.checkpointId() + " in thread " + config.threadId());
    }
  }

  @Override
  public boolean inMemory() {
    return true;
  }

  @Override
  public void deleteThread(String threadId) {
    threads.remove(threadId);
  }

  @Override
  public void deleteAfter(String threadId, String checkpointId) {
    if (checkpointId == null) {
      deleteThread(threadId);
      return;
    }
    PackedThread thread = threads.get(threadId);
    if (thread != null) {
      thread.deleteAfter(checkpointId);
    }
  }

  @Override
  public void copyThread(String from, String to) {
    PackedThread source = threads.get(from);
    if (source == null) {
      return;
    }
    PackedThread copy = source.copy();
    PackedThread target = threads.putIfAbsent(to, copy);
    if (target != null) {
      target.absorb(copy);
    }
  }
}
