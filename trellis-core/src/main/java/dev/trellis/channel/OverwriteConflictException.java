package dev.trellis.channel;

/**
 * A reducer channel received two {@link Overwrite}s in one superstep; the engine turns it into
 * an {@code InvalidUpdateException} with code {@code INVALID_CONCURRENT_GRAPH_UPDATE} naming the
 * key. Not a {@code TrellisException} for the same reason as {@link ConcurrentWriteException}:
 * a stack-trace-free signal from a channel that does not know the key's name.
 */
public final class OverwriteConflictException extends RuntimeException {
  public OverwriteConflictException() {
    super("two Overwrite values in one step", null, false, false);
  }
}
