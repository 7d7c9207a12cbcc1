package dev.trellis.client;

/**
 * A run failed on the server: the {@code error} event of its stream, or the {@code __error__}
 * of a waited-for result. {@link #error()} is the error's name as the server reports it
 * (LangGraph's names for engine errors, e.g. {@code GraphRecursionError}, or the node's own
 * exception class), {@link #errorMessage()} its message.
 */
public final class RemoteRunException extends TrellisClientException {
  private final String error;
  private final String errorMessage;

  public RemoteRunException(String error, String errorMessage) {
    super(error + ": " + errorMessage);
    this.error = error;
    this.errorMessage = errorMessage;
  }

  static RemoteRunException of(Object data) {
    if (data instanceof java.util.Map<?, ?> m) {
      return new RemoteRunException(String.valueOf(m.get("error")), String.valueOf(m.get("message")));
    }
    return new RemoteRunException("Error", String.valueOf(data));
  }

  public String error() {
    return error;
  }

  public String errorMessage() {
    return errorMessage;
  }
}
