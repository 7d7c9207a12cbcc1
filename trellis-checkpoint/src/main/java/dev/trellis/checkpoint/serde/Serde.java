package dev.trellis.checkpoint.serde;

/**
 * Turns checkpoint values into bytes and back. Implementations are thread-safe and
 * round-trip every value they accept; a value they cannot write raises
 * {@link SerdeException} (savers add the channel name).
 */
public interface Serde {
  byte[] dump(Object value);

  Object load(byte[] bytes);

  /**
   * Called by savers that store a checkpoint in parts (lists as deltas) with the size the
   * whole checkpoint has; a serde that limits sizes throws here as {@link #dump} would.
   */
  default void checkSize(long bytes) {}
}
