package dev.trellis.server.api;

import dev.trellis.error.TrellisException;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import io.javalin.http.HttpResponseException;

/**
 * The one mapping from exceptions to HTTP refusals, used by {@link Api}'s single exception
 * handler: a {@link ServerException} (found anywhere in the cause chain, so a state-size refusal
 * wrapped by the saver still counts) by its kind, an engine {@link TrellisException} (an update
 * the graph refuses) as 422 with its own code, Javalin's own refusals by their status, a number
 * that does not parse as 422. Anything else is not a refusal (null): a server fault.
 */
record Refusal(int status, String detail, String code) {

  static Refusal of(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ServerException s) {
        return new Refusal(status(s), s.getMessage(), s.code());
      }
    }
    return switch (e) {
      case TrellisException t -> new Refusal(422, t.getMessage(), t.code().name());
      case HttpResponseException h -> new Refusal(h.getStatus(), h.getMessage(), "HTTP_" + h.getStatus());
      case NumberFormatException n -> new Refusal(422, "not a number: " + n.getMessage(), "INVALID_REQUEST");
      default -> null;
    };
  }

  private static int status(ServerException e) {
    if (e instanceof ApiException a) {
      return a.status();
    }
    return switch (e.kind()) {
      case INVALID_REQUEST -> 422;
      case NOT_FOUND -> 404;
      case CONFLICT -> 409;
      case TOO_LARGE -> 413;
    };
  }
}
