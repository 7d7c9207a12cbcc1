package dev.trellis.checkpoint.serde;

/**
 * A value could not be serialized or deserialized; the message says which and why.
 *
 * <p>Not a {@code TrellisException}: that family lives in trellis-core, which depends on this
 * module, not the other way round, and savers, stores and caches in trellis-sqlite and
 * trellis-postgres raise it without depending on core. Savers catch it to add the channel name.
 */
public final class SerdeException extends RuntimeException {
  public SerdeException(String message, Throwable cause) {
    super(message, cause);
  }

  public SerdeException(String message) {
    super(message);
  }
}
