package dev.trellis.server.wire;

import dev.trellis.channel.OverwriteConflictException;
import dev.trellis.error.AmbiguousResumeException;
import dev.trellis.error.EmptyInputException;
import dev.trellis.error.GraphRecursionException;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.NodeException;
import dev.trellis.error.NodeTimeoutException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a failed run's error looks on the wire: {@code {"error": name, "message": text}} with
 * LangGraph's names for engine errors ({@code GraphRecursionError}, {@code InvalidUpdateError},
 * ...) and, for an exception thrown by a node's own code, that exception's class name and
 * message — the {@link NodeException} wrapper is the engine's, not the user's.
 */
public record WireError(String error, String message) {

  /** The wire form of {@code failure}. */
  public static WireError of(Throwable failure) {
    Throwable t = failure;
    while (t instanceof NodeException && t.getCause() != null) {
      t = t.getCause();
    }
    return new WireError(name(t), String.valueOf(t.getMessage()));
  }

  /** {@code {"error", "message"}}, as LangGraph's servers send it. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", error);
    m.put("message", message);
    return m;
  }

  private static String name(Throwable t) {
    return switch (t) {
      case GraphRecursionException e -> "GraphRecursionError";
      case InvalidUpdateException e -> "InvalidUpdateError";
      case OverwriteConflictException e -> "InvalidUpdateError";
      case EmptyInputException e -> "EmptyInputError";
      case InvalidGraphException e -> "ValueError";
      case AmbiguousResumeException e -> "RuntimeError";
      case NodeTimeoutException e -> "TimeoutError";
      default -> t.getClass().getSimpleName();
    };
  }
}
