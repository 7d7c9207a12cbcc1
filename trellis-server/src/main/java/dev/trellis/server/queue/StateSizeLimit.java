package dev.trellis.server.queue;

import dev.trellis.checkpoint.serde.Serde;
import dev.trellis.checkpoint.serde.SerdeException;
import dev.trellis.server.error.ServerException;

/**
 * The per-checkpoint state size limit: a {@link Serde} that refuses to write a checkpoint (or a
 * pending write) whose serialised form is larger than the limit. A run whose state grows past
 * it ends in {@code error} with its message; a state edit over HTTP is refused
 * with 413. Thread-safe when the wrapped serde is.
 */
public final class StateSizeLimit implements Serde {
  private final Serde serde;
  private final long maxBytes;

  public StateSizeLimit(Serde serde, long maxBytes) {
    if (maxBytes < 1024) {
      throw new IllegalArgumentException("the state size limit must be at least 1 KiB, got " + maxBytes + " bytes");
    }
    this.serde = serde;
    this.maxBytes = maxBytes;
  }

  /** A checkpoint or write over the limit: the cause of the {@link SerdeException} the saver sees. */
  public static final class TooLarge extends ServerException {
    TooLarge(String message) {
      super(Kind.TOO_LARGE, message);
    }
  }

  @Override
  public byte[] dump(Object value) {
    byte[] bytes = serde.dump(value);
    checkSize(bytes.length);
    return bytes;
  }

  @Override
  public void checkSize(long bytes) {
    if (bytes > maxBytes) {
      String message = "state too large: " + bytes + " bytes to save, over the per-checkpoint limit of "
          + maxBytes + " bytes (TrellisServer.Builder.maxStateBytes, trellis serve --max-state-size); keep large data "
          + "out of the graph state, e.g. in the store";
      throw new SerdeException(message, new TooLarge(message));
    }
  }

  @Override
  public byte[] dump(Object value, java.util.function.Function<Object, Object> references) {
    byte[] bytes = serde.dump(value, references);
    checkSize(bytes.length);
    return bytes;
  }

  @Override
  public Object load(byte[] bytes) {
    return serde.load(bytes);
  }

  @Override
  public Object load(byte[] bytes, java.util.function.Function<Object, Object> resolve) {
    return serde.load(bytes, resolve);
  }
}
