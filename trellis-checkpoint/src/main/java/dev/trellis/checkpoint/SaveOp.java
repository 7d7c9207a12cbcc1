package dev.trellis.checkpoint;

import java.util.List;

/** One save of a batch handed to {@link CheckpointSaver#putBatch}: a checkpoint or a task's writes. */
public sealed interface SaveOp {
  /** {@link CheckpointSaver#put} as a value. */
  record Put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) implements SaveOp {}

  /**
   * {@link CheckpointSaver#putWrites} as a value. {@code firstSave} tells the saver the task
   * has saved no ordinary writes at this checkpoint before, so there is nothing to replace.
   */
  record Writes(CheckpointConfig config, String taskId, List<PendingWrite> writes, boolean firstSave) implements SaveOp {
    public Writes {
      writes = List.copyOf(writes);
    }

    public Writes(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
      this(config, taskId, writes, false);
    }
  }
}
