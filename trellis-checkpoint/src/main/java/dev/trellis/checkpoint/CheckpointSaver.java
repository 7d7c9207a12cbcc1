package dev.trellis.checkpoint;

import java.util.List;

/**
 * Persists checkpoints and pending writes of graph runs.
 *
 * <p>Implementations are thread-safe. Checkpoint ids sort by creation time within a
 * thread, so "newest" is the greatest id. {@link #put} returns the stored checkpoint's
 * config, which is {@code parent.withCheckpointId(checkpoint.id())}; {@link #putWrites} attaches writes to an existing checkpoint and replaces an
 * earlier write of the same task and channel index (idempotent on retry).
 *
 * <p>Failures: a value that cannot be stored or read back is a
 * {@link dev.trellis.checkpoint.serde.SerdeException} naming the channel; a database that fails
 * (JDBC savers) is an {@link IllegalStateException} carrying the driver's exception.
 */
public interface CheckpointSaver {

  /**
   * The checkpoint at {@code config}, or the newest of its thread and namespace when it names no id; null if none.
   *
   * @throws dev.trellis.checkpoint.serde.SerdeException a stored value cannot be read back
   * @throws IllegalStateException the database failed
   */
  CheckpointTuple getTuple(CheckpointConfig config);

  /**
   * Checkpoints of a thread and namespace, newest first.
   *
   * @param before only checkpoints with ids smaller than this one (null: no bound)
   * @param limit at most this many (0 or less: all)
   * @throws dev.trellis.checkpoint.serde.SerdeException a stored value cannot be read back
   * @throws IllegalStateException the database failed
   */
  List<CheckpointTuple> list(CheckpointConfig config, String before, int limit);

  /**
   * As {@link #list(CheckpointConfig, String, int)}, keeping only checkpoints whose metadata
   * matches every entry of {@code filter} ({@code source}, {@code step}, or a key of the
   * metadata's extra map).
   */
  default List<CheckpointTuple> list(CheckpointConfig config, String before, int limit, java.util.Map<String, ?> filter) {
    if (filter == null || filter.isEmpty()) {
      return list(config, before, limit);
    }
    List<CheckpointTuple> out = new java.util.ArrayList<>();
    for (CheckpointTuple t : list(config, before, 0)) {
      if (matches(t.metadata(), filter)) {
        out.add(t);
        if (limit > 0 && out.size() >= limit) {
          break;
        }
      }
    }
    return out;
  }

  /** Whether {@code metadata} has every key/value of {@code filter}. */
  static boolean matches(CheckpointMetadata metadata, java.util.Map<String, ?> filter) {
    for (java.util.Map.Entry<String, ?> e : filter.entrySet()) {
      Object actual = switch (e.getKey()) {
        case "source" -> metadata.source();
        case "step" -> metadata.step();
        default -> metadata.extra().get(e.getKey());
      };
      Object want = e.getValue();
      boolean same = actual instanceof Number a && want instanceof Number w
          ? a.longValue() == w.longValue() : java.util.Objects.equals(actual, want);
      if (!same) {
        return false;
      }
    }
    return true;
  }

  /**
   * Stores a checkpoint as the child of {@code parent} (whose id may be null) and returns its config.
   *
   * @throws dev.trellis.checkpoint.serde.SerdeException a channel holds a value the serde cannot store
   * @throws IllegalStateException the database failed
   */
  CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata);

  /**
   * Saves the writes of one task made after the checkpoint {@code config} names.
   *
   * @throws dev.trellis.checkpoint.serde.SerdeException a written value cannot be stored
   * @throws IllegalArgumentException (in-memory saver) the checkpoint does not exist
   * @throws IllegalStateException the database failed
   */
  void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes);

  /**
   * Performs several saves in order; savers that can make them one transaction (a group
   * commit) override this. The default calls {@link #put} and {@link #putWrites} in turn.
   */
  default void putBatch(List<SaveOp> ops) {
    for (SaveOp op : ops) {
      switch (op) {
        case SaveOp.Put p -> put(p.parent(), p.checkpoint(), p.metadata());
        case SaveOp.Writes w -> putWrites(w.config(), w.taskId(), w.writes());
      }
    }
  }

  /** True when saving costs no I/O (in-memory savers): runs then save inline instead of in the background. */
  default boolean inMemory() {
    return false;
  }

  /** Removes every checkpoint and write of a thread, in every namespace. */
  void deleteThread(String threadId);

  /**
   * Removes the checkpoints (and their writes) of a thread, in every namespace, whose ids
   * are greater than {@code checkpointId}: what a rolled-back run wrote. A null id removes all.
   */
  void deleteAfter(String threadId, String checkpointId);

  /** Copies every checkpoint and write of thread {@code from}, in every namespace, to the empty thread {@code to}. */
  void copyThread(String from, String to);
}
