package dev.trellis.channel;

/** A reducer channel received two {@link Overwrite}s in one superstep; the engine names the key. */
public final class OverwriteConflictException extends RuntimeException {
  public OverwriteConflictException() {
    super("two Overwrite values in one step", null, false, false);
  }
}
