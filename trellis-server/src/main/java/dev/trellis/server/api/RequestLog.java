package dev.trellis.server.api;

import io.javalin.http.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per request — method, path, status, duration, the run it created or
 * addressed, and the input keys a run creation dropped ({@link InputFilter}) — through the
 * SLF4J logger {@code dev.trellis.server.requests} at INFO (5xx at WARN), so a deployment can
 * route or silence it on its own.
 */
final class RequestLog {
  static final Logger LOG = LoggerFactory.getLogger("dev.trellis.server.requests");

  private RequestLog() {}

  static void log(Context ctx, float millis) {
    int status = ctx.statusCode();
    String run = runId(ctx);
    Object dropped = ctx.attribute(InputFilter.LOG_ATTRIBUTE);
    String line = "{} {} {} {}ms{}{}";
    Object[] args = {ctx.method(), ApiException.echo(ctx.path()), status, Math.round(millis),
        run == null ? "" : " run_id=" + run,
        dropped instanceof java.util.List<?> keys ? " dropped_input_keys=" + ApiException.echo(String.join(",",
            keys.stream().map(String::valueOf).toList())) : ""};
    if (status >= 500) {
      LOG.warn(line, args);
    } else {
      LOG.info(line, args);
    }
  }

  /** The run id of the request: a path's {rid}, else the one a creation reply points to. */
  private static String runId(Context ctx) {
    String rid = ctx.pathParamMap().get("rid");
    if (rid != null) {
      return rid;
    }
    String loc = ctx.res().getHeader("Content-Location");
    int at = loc == null ? -1 : loc.lastIndexOf("/runs/");
    return at < 0 ? null : loc.substring(at + "/runs/".length());
  }

  /** Whether {@code e} is the client going away mid-request (a dropped body or reply), not a server fault. */
  static boolean clientAbort(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof org.eclipse.jetty.io.EofException || t instanceof java.io.EOFException
          || t instanceof java.nio.channels.ClosedChannelException) {
        return true;
      }
    }
    return false;
  }
}
