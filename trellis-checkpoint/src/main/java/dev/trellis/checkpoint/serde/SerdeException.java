package dev.trellis.checkpoint.serde;

/** A value could not be serialized or deserialized; the message says which and why. */
public final class SerdeException extends RuntimeException {
  public SerdeException(String message, Throwable cause) {
    super(message, cause);
  }

  public SerdeException(String message) {
    super(message);
  }
}
