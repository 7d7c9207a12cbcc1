/**
 * Checkpoint persistence: the {@link dev.trellis.checkpoint.CheckpointSaver} SPI (get a tuple,
 * list, put a checkpoint, put a task's pending writes, delete a thread), the values it stores
 * ({@link dev.trellis.checkpoint.Checkpoint}, {@link dev.trellis.checkpoint.PendingWrite},
 * {@link dev.trellis.checkpoint.CheckpointMetadata}) and {@link dev.trellis.checkpoint.memory.InMemorySaver}.
 * Every saver passes the testkit's {@code CheckpointSaverContract}.
 *
 * <p>Exported: the SPI every saver implements and the engine calls.
 */
package dev.trellis.checkpoint;

