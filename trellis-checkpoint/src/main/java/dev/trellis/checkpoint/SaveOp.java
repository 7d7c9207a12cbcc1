package dev.trellis.checkpoint;

import java.util.List;

/** One save of a batch handed to {@link CheckpointSaver#putBatch}: a checkpoint or a task's writes. */
public sealed interface SaveOp {
  /** {@link CheckpointSaver#put} as a value. */
  record Put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) implements SaveOp {}

  /** {@link CheckpointSaver#putWrites} as a value. */
  record Writes(CheckpointConfig config, String taskId, List<PendingWrite> writes) implements SaveOp {
    public Writes {
      writes = List.copyOf(writes);
    }
  }
}
