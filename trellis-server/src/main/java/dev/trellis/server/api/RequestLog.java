package dev.trellis.server.api;

import dev.trellis.server.error.ServerException;

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
    if (status >= 500 ? !LOG.isWarnEnabled() : !LOG.isInfoEnabled()) {
      return; // silenced: build nothing
    }
    String run = runId(ctx);
    String path = ServerException.echo(ctx.path());
    long ms = Math.round(millis);
    Object dropped = ctx.attribute(InputFilter.LOG_ATTRIBUTE);
    String droppedKeys = dropped instanceof java.util.List<?> keys
        ? ServerException.echo(String.join(",", keys.stream().map(String::valueOf).toList())) : null;
    // The same facts as fields, for --log-format json (a text pattern shows only the message).
    var event = (status >= 500 ? LOG.atWarn() : LOG.atInfo()).addKeyValue("method", ctx.method().name())
        .addKeyValue("path", path).addKeyValue("status", status).addKeyValue("duration_ms", ms);
    if (run != null) {
      event = event.addKeyValue("run_id", run);
    }
    if (droppedKeys != null) {
      event = event.addKeyValue("dropped_input_keys", droppedKeys);
    }
    event.log("{} {} {} {}ms{}{}", ctx.method(), path, status, ms, run == null ? "" : " run_id=" + run,
        droppedKeys == null ? "" : " dropped_input_keys=" + droppedKeys);
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
