package dev.trellis.checkpoint;

import java.util.Objects;

/**
 * Where a checkpoint lives: a thread, a namespace inside it (empty for the root graph,
 * {@code "sub:<task>"} segments for subgraphs) and optionally one checkpoint id
 * ({@code null} means "the newest").
 */
public record CheckpointConfig(String threadId, String namespace, String checkpointId) {
  public CheckpointConfig {
    Objects.requireNonNull(threadId, "threadId");
    namespace = namespace == null ? "" : namespace;
  }

  /** The newest checkpoint of a thread's root namespace. */
  public static CheckpointConfig thread(String threadId) {
    return new CheckpointConfig(threadId, "", null);
  }

  public CheckpointConfig withCheckpointId(String id) {
    return new CheckpointConfig(threadId, namespace, id);
  }

  public CheckpointConfig withNamespace(String ns) {
    return new CheckpointConfig(threadId, ns, checkpointId);
  }
}
