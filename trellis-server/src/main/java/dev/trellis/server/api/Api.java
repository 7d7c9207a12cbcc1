package dev.trellis.server.api;

import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.auth.Identity;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.CronScheduler;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import dev.trellis.server.wire.Json;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP surface: CORS, authentication, the caller's public ids ({@link PublicIds}, applied to
 * every reply on its way out), {@code /ok}, {@code /info}, the resource routes, and the one
 * exception handler: whatever a handler, store or the queue throws is answered there
 * ({@link Refusal}: a {@code ServerException} by its kind, an engine refusal by its code, as a 4xx
 * {@code {"detail", "code"}}); handlers never translate errors themselves.
 */
public final class Api {
  private static final Logger LOG = LoggerFactory.getLogger(Api.class);

  private Api() {}

  /**
   * Configures {@code config} with every route ({@code auth} null: no authentication; {@code sse}
   * writes the event streams); returns the {@link CronScheduler} it started, to close.
   */
  public static AutoCloseable configure(JavalinConfig config, Services services, Worker worker, Authenticator auth,
                                        List<Routes> extra, dev.trellis.server.sse.Sse sse) {
    var r = config.routes;
    PublicIds publicIds = new PublicIds(services.db());
    config.requestLogger.http(RequestLog::log);
    config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler()));
    config.jetty.modifyServletContextHandler(handler -> handler.setErrorHandler(new JsonErrorHandler()));
    long maxBody = config.http.maxRequestSize;
    r.before(ctx -> {
      // Refused before anything reads the body: the reply goes out at once and the connection closes, so the server
      // neither waits for nor drains bytes it would refuse.
      long length = ctx.req().getContentLengthLong();
      if (length > maxBody) {
        ctx.header("Connection", "close");
        throw new ApiException(413, "the request body (" + length + " bytes) is over the limit of " + maxBody + " bytes");
      }
      ctx.header("Access-Control-Allow-Origin", "*");
      ctx.header("Access-Control-Expose-Headers", "Content-Location, Location, X-Pagination-Total, X-Pagination-Next, Mcp-Session-Id");
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
      ctx.attribute(Identity.class.getName(), who); // where Http.owner and Http.identity read it
      if (auth != null) {
        publicIds.identify(ctx, who.user());
      }
    });
    publicIds.translateReplies(r);
    r.options("/<path>", ctx -> ctx.status(204));
    // Javalin answers its own HttpResponseExceptions unless a handler names that class, so both go to the one mapper.
    r.exception(HttpResponseException.class, Api::failed);
    r.exception(Exception.class, Api::failed);
    r.error(404, ctx -> {
      if (ctx.result() == null || ctx.result().isEmpty()) {
        ctx.contentType("application/json").result(Json.write(Map.of("detail", "no route " + ctx.method() + " "
            + ServerException.echo(ctx.path()), "code", "HTTP_404")));
      }
    });
    r.error(405, ctx -> ctx.contentType("application/json").result(Json.write(Map.of("detail", "method not allowed", "code", "HTTP_405"))));
    r.get("/ok", ctx -> Http.json(ctx, Map.of("ok", true)));
    r.get("/info", ctx -> Http.json(ctx, Map.of("version", "trellis-0.1.0", "langgraph_py_version", "1.2.12",
        "flags", Map.of("assistants", true, "crons", true, "langsmith", false, "thread_ttl", false),
        "graphs", new java.util.TreeSet<>(services.graphs().keySet()))));
    new AssistantsApi(services).register(r);
    new ThreadsApi(services).register(r);
    RunsApi runs = new RunsApi(services, worker, sse);
    runs.register(r);
    new ThreadStreamApi(services, sse, runs::finished, worker::closing, worker.newRuns()).register(r);
    new StoreApi(services).register(r);
    new McpApi(services, worker, sse).register(r);
    new A2aApi(services, runs).register(r);
    dev.trellis.server.db.Crons crons = new dev.trellis.server.db.Crons(services.db());
    new CronsApi(services, crons).register(r);
    extra.forEach(x -> x.register(r));
    RunCreation creation = runs.creation();
    return new CronScheduler(services.db(), crons, (owner, thread, body, runId) -> creation.submit(owner, thread, body, runId));
  }

  /** The one exception handler: refusals as 4xx {@code {detail, code}}, a full disk as 507, anything else logged and a 500. */
  private static void failed(Exception e, Context ctx) {
    Refusal refusal = Refusal.of(e);
    if (refusal != null) {
      error(ctx, refusal.status(), refusal.detail(), refusal.code());
      return;
    }
    if (RequestLog.clientAbort(e)) {
      LOG.debug("{} {}: the client went away mid-request ({})", ctx.method(), ctx.path(), e.toString());
      if (!ctx.res().isCommitted()) {
        // A client that only half-closed (its upload cut short) still reads the reply: its body was incomplete.
        long promised = ctx.req().getContentLengthLong();
        error(ctx, 400, promised < 0 ? "the request body ended early" : "the request body ended before the "
            + promised + " bytes its Content-Length promised", "INVALID_REQUEST");
      }
      return;
    }
    if (StorageFull.in(e)) {
      LOG.warn("{} {} failed: the database's disk is full ({})", ctx.method(), ctx.path(), e.getMessage());
      error(ctx, 507, StorageFull.DETAIL, "STORAGE_FULL");
      return;
    }
    LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
    error(ctx, 500, e.getClass().getSimpleName() + ": " + e.getMessage(), "INTERNAL");
  }

  private static boolean open(String path) {
    return path.equals("/ok") || path.equals("/info") || path.equals("/studio") || path.startsWith("/studio/");
  }

  private static void error(Context ctx, int status, String detail, String code) {
    ctx.status(status).contentType("application/json").result(Json.write(Map.of("detail",
        ServerException.bounded(String.valueOf(detail), ServerException.DETAIL_MAX), "code", code)));
  }
}
