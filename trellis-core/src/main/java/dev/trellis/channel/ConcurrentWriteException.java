package dev.trellis.channel;

/**
 * Raised by a single-value channel that received several writes in one superstep.
 * The engine turns it into an {@code InvalidUpdateException} with code
 * {@code INVALID_CONCURRENT_UPDATE} naming the key, the step and the writers.
 *
 * <p>Not a {@code TrellisException}: it is an internal signal from a channel, which knows
 * neither the key's writers nor the step, and it is built without a stack trace because
 * write application is on the hot path. It never reaches users on its own.
 */
public final class ConcurrentWriteException extends RuntimeException {
  private final String channel;
  private final int count;

  public ConcurrentWriteException(String channel, int count) {
    super("channel \"" + channel + "\" received " + count + " values in one step; it holds one value per step", null,
        false, false);
    this.channel = channel;
    this.count = count;
  }

  public String channel() {
    return channel;
  }

  public int count() {
    return count;
  }
}
