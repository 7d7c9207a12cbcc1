package dev.trellis.channel;

/**
 * Raised by a single-value channel that received several writes in one superstep.
 * The engine turns it into an {@code InvalidUpdateException} naming the writers.
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
