package dev.trellis.client;

/**
 * What the client throws: the server refused a request ({@link TrellisApiException}) or a run
 * failed on the server ({@link RemoteRunException}). Transport failures (connection refused,
 * reset) are {@link java.io.UncheckedIOException}s.
 */
public sealed class TrellisClientException extends RuntimeException
    permits TrellisApiException, RemoteRunException {
  TrellisClientException(String message) {
    super(message);
  }
}
