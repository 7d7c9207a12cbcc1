package dev.trellis.checkpoint;

import java.util.List;

/** A stored checkpoint with its address, metadata, parent and the pending writes made after it. */
public record CheckpointTuple(
    CheckpointConfig config,
    Checkpoint checkpoint,
    CheckpointMetadata metadata,
    CheckpointConfig parentConfig,
    List<PendingWrite> pendingWrites) {
  public CheckpointTuple {
    pendingWrites = List.copyOf(pendingWrites);
  }
}
