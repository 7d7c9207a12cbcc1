package dev.trellis.checkpoint.serde;

import java.util.function.Function;

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

  /**
   * As {@link #dump}, but a value (at any depth) for which {@code references} returns a token
   * (a plain value: strings, numbers, lists, string-keyed maps) is written as that token: a
   * saver names values it already stores instead of storing them again. A serde that cannot
   * (the default) writes every value in full, which is always correct; a serde wrapping
   * another passes both this and {@link #load(byte[], Function)} on, or values its inner serde
   * wrote as references cannot be read back through it.
   */
  default byte[] dump(Object value, Function<Object, Object> references) {
    return dump(value);
  }

  /** As {@link #load}, turning each token written by {@link #dump(Object, Function)} back into its value with {@code resolve}. */
  default Object load(byte[] bytes, Function<Object, Object> resolve) {
    return load(bytes);
  }
}
