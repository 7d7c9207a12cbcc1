package dev.trellis.server.api;

import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.auth.Identity;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP surface: CORS, authentication, JSON errors ({@code {"detail": ...}}, 4xx for bad
 * input), {@code /ok}, {@code /info}, and the resource routes.
 */
public final class Api {
  private static final Logger LOG = LoggerFactory.getLogger(Api.class);

  private Api() {}

  /**
   * Configures {@code config} with every route ({@code auth} null: no authentication; {@code sse}
   * writes the event streams); returns the cron scheduler to close.
   */
  public static AutoCloseable configure(JavalinConfig config, Services s, Worker worker, Authenticator auth,
                                        List<Routes> extra, dev.trellis.server.sse.Sse sse) {
    var r = config.routes;
    dev.trellis.server.db.IdAliases aliases = new dev.trellis.server.db.IdAliases(s.db());
    config.requestLogger.http(RequestLog::log);
    config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler()));
    config.jetty.modifyServletContextHandler(handler -> handler.setErrorHandler(new JsonErrorHandler()));
    r.before(ctx -> {
      ctx.header("Access-Control-Allow-Origin", "*");
      ctx.header("Access-Control-Expose-Headers", "Content-Location, Location, X-Pagination-Total, X-Pagination-Next");
      if (ctx.method().name().equals("OPTIONS")) {
        ctx.header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
        ctx.header("Access-Control-Allow-Headers", "*, Last-Event-ID, Content-Type, x-api-key, Authorization");
        ctx.header("Access-Control-Max-Age", "600");
        ctx.status(204);
        ctx.skipRemainingHandlers();
        return;
      }
      Identity who = Identity.ANONYMOUS;
      if (auth != null && !open(ctx.path())) {
        Map<String, String> headers = new HashMap<>();
        ctx.headerMap().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v));
        who = auth.authenticate(headers);
        if (who == null) {
          throw new ApiException(401, "missing or invalid credentials (send x-api-key)");
        }
      }
      ctx.attribute(Http.IDENTITY, who);
      if (auth != null) {
        ctx.attribute(PublicIds.ATTRIBUTE, new PublicIds(s.db(), aliases, who.user()));
      }
    });
    r.options("/<path>", ctx -> ctx.status(204));
    r.exception(ApiException.class, (e, ctx) -> error(ctx, e.status(), e.getMessage()));
    r.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
    r.exception(NumberFormatException.class, (e, ctx) -> error(ctx, 422, "not a number: " + e.getMessage()));
    r.exception(Exception.class, (e, ctx) -> {
      Throwable tooLarge = cause(e, dev.trellis.server.queue.StateSizeLimit.TooLarge.class);
      if (tooLarge != null) {
        error(ctx, 413, tooLarge.getMessage());
        return;
      }
      if (RequestLog.clientAbort(e)) {
        LOG.debug("{} {}: the client went away mid-request ({})", ctx.method(), ctx.path(), e.toString());
        return;
      }
      LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
      error(ctx, 500, e.getClass().getSimpleName() + ": " + e.getMessage());
    });
    r.error(404, ctx -> {
      if (ctx.result() == null || ctx.result().isEmpty()) {
        ctx.contentType("application/json").result(Json.write(Map.of("detail", "no route " + ctx.method() + " "
            + ApiException.echo(ctx.path()))));
      }
    });
    r.error(405, ctx -> ctx.contentType("application/json").result(Json.write(Map.of("detail", "method not allowed"))));
    r.get("/ok", ctx -> Http.json(ctx, Map.of("ok", true)));
    r.get("/info", ctx -> Http.json(ctx, Map.of("version", "trellis-0.1.0", "langgraph_py_version", "1.2.12",
        "flags", Map.of("assistants", true, "crons", true, "langsmith", false, "thread_ttl", false),
        "graphs", new java.util.TreeSet<>(s.graphs().keySet()))));
    new AssistantsApi(s).register(r);
    new ThreadsApi(s).register(r);
    RunsApi runs = new RunsApi(s, worker, sse);
    runs.register(r);
    new ThreadStreamApi(s, sse, runs::finished, worker::closing, worker.newRuns()).register(r);
    new StoreApi(s).register(r);
    new McpApi(s, worker).register(r);
    CronsApi crons = new CronsApi(s, runs);
    crons.register(r);
    extra.forEach(x -> x.register(r));
    return crons;
  }

  /** More routes (crons, the studio) added by the server. */
  @FunctionalInterface
  public interface Routes {
    void register(io.javalin.config.RoutesConfig r);
  }

  private static Throwable cause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    return null;
  }

  private static boolean open(String path) {
    return path.equals("/ok") || path.equals("/info") || path.equals("/studio") || path.startsWith("/studio/");
  }

  private static void error(Context ctx, int status, String detail) {
    ctx.status(status).contentType("application/json")
        .result(PublicIds.out(ctx, Json.write(Map.of("detail",
            ApiException.bounded(String.valueOf(detail), ApiException.DETAIL_MAX)))));
  }
}
