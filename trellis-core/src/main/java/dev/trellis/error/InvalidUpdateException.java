package dev.trellis.error;

/** A write a channel cannot accept: several values for a single-value key in one step, or an unknown key. */
public final class InvalidUpdateException extends TrellisException {
  public InvalidUpdateException(ErrorCode code, String message) {
    super(code, message);
  }
}
