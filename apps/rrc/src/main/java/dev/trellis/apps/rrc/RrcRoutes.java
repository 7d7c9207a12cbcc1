package dev.trellis.apps.rrc;

import dev.trellis.server.AppContext;
import dev.trellis.server.api.Api;
import dev.trellis.server.api.ApiException;
import dev.trellis.server.api.Http;
import dev.trellis.server.queue.RunEvent;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The seed's HTTP contract on the Trellis server: {@code POST /execute} (runs one execution of
 * the pipeline as a durable run on the conversation's thread and answers its final state),
 * {@code GET /conversations/{id}/stream} (the execution running on the conversation, or a new one
 * when a {@code message} is given, as {@code node_end} frames then {@code done}),
 * and the approval service ({@code POST /approvals}, {@code GET /approvals},
 * {@code GET /approvals/{id}}, {@code POST /approvals/{id}/decision}).
 */
final class RrcRoutes implements Api.Routes {
  /** How long a request waits for the next event of its run before giving up on it. */
  static final long EVENT_WAIT_MILLIS = 120_000;
  private final AppContext app;
  private final ApprovalService approvals;
  private final AgentConfigs agents;

  RrcRoutes(AppContext app, ApprovalService approvals, AgentConfigs agents) {
    this.app = app;
    this.approvals = approvals;
    this.agents = agents;
  }

  @Override
  public void register(RoutesConfig r) {
    r.post("/execute", this::execute);
    r.get("/conversations/{id}/stream", this::stream);
    r.post("/approvals", this::createApproval);
    r.get("/approvals", ctx -> Http.json(ctx, approvals.pending().stream().map(Approval::wire).toList()));
    r.get("/approvals/{id}", ctx -> Http.json(ctx, approvals.get(ctx.pathParam("id"))
        .orElseThrow(() -> ApiException.notFound("approval", ctx.pathParam("id"))).wire()));
    r.post("/approvals/{id}/decision", this::decide);
  }

  private void execute(Context ctx) {
    ExecuteRequest req = ExecuteRequest.parse(Http.body(ctx), agents);
    NodeFrames frames = new NodeFrames();
    try (AppContext.Submitted run = app.submit(ctx, req.conversationId(), req.runBody())) {
      for (RunEvent e = next(run); !e.done(); e = next(run)) {
        frames.on(e);
      }
      if (frames.error() != null) {
        throw new ApiException(500, "execution " + req.executionId() + " failed: " + frames.error());
      }
      ctx.header("Content-Location", "/threads/" + run.threadId() + "/runs/" + run.runId());
      Http.json(ctx, frames.values());
    }
  }

  /**
   * Follows the execution running (or queued) on the conversation when the request has no
   * {@code message}; with one, queues a new execution and streams it (after any running one, as
   * {@code POST /execute} does).
   */
  private void stream(Context ctx) {
    Map<String, Object> body = new LinkedHashMap<>();
    ctx.queryParamMap().forEach((k, v) -> body.put(k, v.getFirst()));
    String conv = ctx.pathParam("id");
    body.put("conversation_id", conv);
    AppContext.Submitted run;
    if (body.get("message") == null) {
      run = app.active(ctx, conv).orElseThrow(() -> new ApiException(422, "no execution is running on conversation "
          + ApiException.echo(conv) + " to follow; pass \"message\" (the user's message) to start one"));
    } else {
      ExecuteRequest req = ExecuteRequest.parse(body, agents);
      run = app.submit(ctx, req.conversationId(), req.runBody());
    }
    NodeFrames frames = new NodeFrames();
    try (run) {
      ctx.res().setStatus(200);
      ctx.res().setContentType("text/event-stream");
      ctx.res().setHeader("Cache-Control", "no-cache");
      ctx.header("Content-Location", "/threads/" + run.threadId() + "/runs/" + run.runId());
      OutputStream out = ctx.res().getOutputStream();
      for (RunEvent e = next(run); !e.done(); e = next(run)) {
        NodeFrames.Frame f = frames.on(e);
        if (f != null) {
          write(out, f);
        }
      }
      write(out, frames.done());
    } catch (IOException e) {
      // the client went away; the run goes on, durable, on its thread
    }
  }

  private static void write(OutputStream out, NodeFrames.Frame f) throws IOException {
    out.write(("event: " + f.event() + "\ndata: " + f.data() + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static RunEvent next(AppContext.Submitted run) {
    try {
      RunEvent e = run.events().next(EVENT_WAIT_MILLIS);
      if (e == null) {
        throw new ApiException(504, "run " + run.runId() + " sent nothing for " + EVENT_WAIT_MILLIS / 1000
            + " s; it is still queued or running: GET /threads/" + run.threadId() + "/runs/" + run.runId());
      }
      return e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException(503, "interrupted while waiting for run " + run.runId());
    }
  }

  @SuppressWarnings("unchecked")
  private void createApproval(Context ctx) {
    Map<String, Object> body = Http.body(ctx);
    if (!(body.get("conversation_id") instanceof String conv) || conv.isBlank()) {
      throw new ApiException(422, "\"conversation_id\" is required");
    }
    if (!(body.get("checkpoint_type") instanceof String type) || type.isBlank()) {
      throw new ApiException(422, "\"checkpoint_type\" is required");
    }
    Object payload = body.getOrDefault("payload", Map.of());
    if (!(payload instanceof Map<?, ?>)) {
      throw new ApiException(422, "\"payload\" must be an object");
    }
    String id = body.get("approval_id") instanceof String given ? given : java.util.UUID.randomUUID().toString();
    Http.json(ctx, 201, approvals.create(id, conv, type, (Map<String, Object>) payload).wire());
  }

  private void decide(Context ctx) {
    Map<String, Object> body = Http.body(ctx);
    Object decision = body.get("decision");
    if (!(body.get("reviewer") instanceof String reviewer) || reviewer.isBlank()) {
      throw new ApiException(422, "\"reviewer\" is required");
    }
    Object comment = body.get("comment");
    try {
      Http.json(ctx, approvals.decide(ctx.pathParam("id"), String.valueOf(decision), reviewer,
          comment == null ? null : comment.toString()).wire());
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, e.getMessage());
    } catch (NoSuchElementException e) {
      throw ApiException.notFound("approval", ctx.pathParam("id"));
    } catch (IllegalStateException e) {
      throw new ApiException(409, e.getMessage());
    }
  }
}
