package dev.trellis.error;

/** A graph that cannot be compiled or run as built; the message names the node or edge at fault. */
public final class InvalidGraphException extends TrellisException {
  public InvalidGraphException(ErrorCode code, String message) {
    super(code, message);
  }
}
