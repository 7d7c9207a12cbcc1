package dev.trellis.apps.rrc;

import dev.trellis.agent.middleware.HumanReview;
import dev.trellis.server.AppContext;
import dev.trellis.server.auth.Identity;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The seed's HTTP contract on the Trellis server: {@code POST /execute} (runs one execution of
 * the pipeline as a durable run on the conversation's thread and answers its final state),
 * {@code GET /conversations/{id}/stream} (the execution running on the conversation, or a new one
 * when a {@code message} is given, as {@code node_end} frames then {@code done}),
 * and the approval service ({@code POST /approvals}, {@code GET /approvals},
 * {@code GET /approvals/{id}}, {@code POST /approvals/{id}/decision}). Approvals belong to their
 * conversation's owner, like threads: another user's are answered as ids that do not exist
 * (404), except to a reviewer. With auth on, only a reviewer decides (the owner reads but does
 * not approve their own request: a gate its requester can open governs nothing), the decision's
 * reviewer is the authenticated user, and an approval that names its reviewer is that reviewer's.
 */
final class RrcRoutes implements Routes {
  /** How long a request waits for the next event of its run before giving up on it. */
  static final long EVENT_WAIT_MILLIS = 120_000;
  /** The permission that makes an identity a reviewer of every conversation's approvals. */
  static final String REVIEW_PERMISSION = "rrc:review";
  /** The environment variable naming reviewers (users, comma-separated) when auth is API keys. */
  static final String REVIEWERS_ENV = "TRELLIS_RRC_REVIEWERS";
  private final AppContext app;
  private final ApprovalService approvals;
  private final AgentConfigs agents;
  private final Set<String> reviewers;

  RrcRoutes(AppContext app, ApprovalService approvals, AgentConfigs agents, Set<String> reviewers) {
    this.app = app;
    this.approvals = approvals;
    this.agents = agents;
    this.reviewers = Set.copyOf(reviewers);
  }

  /** The users {@link #REVIEWERS_ENV} names. */
  static Set<String> reviewersFromEnv() {
    String v = System.getenv(REVIEWERS_ENV);
    return v == null ? Set.of() : java.util.Arrays.stream(v.split(",")).map(String::strip).filter(u -> !u.isEmpty())
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  @Override
  public void register(RoutesConfig r) {
    r.post("/execute", this::execute);
    r.get("/conversations/{id}/stream", this::stream);
    r.post("/approvals", this::createApproval);
    r.get("/approvals", ctx -> Http.json(ctx, approvals.pending().stream().filter(a -> maySee(ctx, a))
        .map(Approval::wire).toList()));
    r.get("/approvals/{id}", ctx -> Http.json(ctx, visible(ctx, ctx.pathParam("id")).wire()));
    r.post("/approvals/{id}/decision", this::decide);
  }

  private void execute(Context ctx) {
    ExecuteRequest req = ExecuteRequest.parse(Http.body(ctx), agents);
    NodeFrames frames = new NodeFrames();
    try (AppContext.Submitted run = app.submit(ctx, req.conversationId(), req.runBody())) {
      for (AppContext.Event e = next(run); !e.done(); e = next(run)) {
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
    for (String limit : List.of("max_tokens", "max_cost_usd")) {
      if (body.get(limit) instanceof String v) {
        try {
          body.put(limit, new java.math.BigDecimal(v));
        } catch (NumberFormatException e) {
          throw new ApiException(422, "\"" + limit + "\" must be a positive number, got " + ApiException.echo(v));
        }
      }
    }
    if (body.get("message") == null) {
      run = app.latest(ctx, conv).orElseThrow(() -> new ApiException(422, "no execution is running on conversation "
          + ApiException.echo(conv) + " (nor just ended) to follow; pass \"message\" (the user's message) to start one"));
    } else {
      ExecuteRequest req = ExecuteRequest.parse(body, agents);
      run = app.submit(ctx, req.conversationId(), req.runBody());
    }
    NodeFrames frames = new NodeFrames();
    try (run) {
      ctx.header("Content-Location", "/threads/" + run.threadId() + "/runs/" + run.runId());
      // opened by the server: the frames reach the caller in their public ids (an execution named after its stored thread)
      OutputStream out = Http.eventStream(ctx);
      for (AppContext.Event e = next(run); !e.done(); e = next(run)) {
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

  private static AppContext.Event next(AppContext.Submitted run) {
    try {
      AppContext.Event e = run.events().next(EVENT_WAIT_MILLIS);
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

  /**
   * Whether the caller may see {@code a}: the owner of its conversation's thread (with
   * auth off every caller is), or a reviewer — an identity holding {@link #REVIEW_PERMISSION}, or a
   * user named in {@link #REVIEWERS_ENV}.
   */
  private boolean maySee(Context ctx, Approval a) {
    return isReviewer(app.caller(ctx)) || app.owns(ctx, a.subject().threadId());
  }

  /** Whether {@code who} is a reviewer: holds {@link #REVIEW_PERMISSION} or is named in {@link #REVIEWERS_ENV}. */
  private boolean isReviewer(Identity who) {
    return who.permissions().contains(REVIEW_PERMISSION) || reviewers.contains(who.user());
  }

  /** The approval, as for an id that does not exist (404) when the caller may not review it. */
  private Approval visible(Context ctx, String id) {
    return approvals.get(id).filter(a -> maySee(ctx, a)).orElseThrow(() -> ApiException.notFound("approval", id));
  }

  @SuppressWarnings("unchecked")
  private void createApproval(Context ctx) {
    Map<String, Object> body = Http.body(ctx);
    if (body.containsKey("approval_id")) {
      throw new ApiException(422, "\"approval_id\" is made by the server; leave it out");
    }
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
    for (String key : body.keySet()) {
      if (!List.of("conversation_id", "checkpoint_type", "payload").contains(key)) {
        throw new ApiException(422, "unknown field " + ApiException.echo(key) + " (known: checkpoint_type, conversation_id, payload)");
      }
    }
    String thread = app.ownThread(ctx, conv).orElseThrow(() -> ApiException.notFound("conversation", conv));
    // a client's approval authorises no tool call and no filing of the pipeline: its subject names neither
    Approval.Subject subject = new Approval.Subject(thread, conv, null, null, List.of(type), null, null, null, null);
    Http.json(ctx, 201, approvals.create(subject, (Map<String, Object>) payload).wire());
  }

  /**
   * A decision in the review protocol ({@code {"decisions": [{"type": "approve"}]}} or
   * {@code [{"type": "reject", "message": …}]}): the verdict and comment. An edit is refused: an
   * approval authorises exactly the call the reviewer saw.
   */
  private static String[] review(Map<String, Object> body) {
    List<HumanReview.Decision> decisions;
    try {
      decisions = HumanReview.Decision.parse(body);
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, e.getMessage());
    }
    if (decisions.size() != 1) {
      throw new ApiException(422, "\"decisions\" must hold one decision: an approval is about one action");
    }
    HumanReview.Decision d = decisions.getFirst();
    return switch (d.type()) {
      case HumanReview.APPROVE -> new String[] {Approval.APPROVED, d.message()};
      case HumanReview.REJECT -> new String[] {Approval.REJECTED, d.message()};
      default -> throw new ApiException(422, "\"decisions\": an approval authorises exactly the call its reviewer saw, so "
          + ApiException.echo(d.type()) + " is not allowed (approve or reject; a rejected call can be asked for again)");
    };
  }

  private void decide(Context ctx) {
    String id = ctx.pathParam("id");
    Approval approval = visible(ctx, id);
    Identity who = app.caller(ctx);
    String named = approval.namedReviewer();
    if (!who.user().isEmpty()) {
      if (!isReviewer(who)) {
        throw new ApiException(403, "only a reviewer decides an approval; " + ApiException.echo(who.user())
            + " may read this one, not decide it (reviewers hold " + REVIEW_PERMISSION + " or are named in " + REVIEWERS_ENV + ")");
      }
      if (named != null && !named.equals(who.user())) {
        throw new ApiException(403, "approval " + ApiException.echo(id) + " names its reviewer " + ApiException.echo(named)
            + "; " + ApiException.echo(who.user()) + " may not decide it");
      }
    }
    Map<String, Object> body = Http.body(ctx);
    String[] verdict = body.containsKey("decisions") ? review(body) : new String[] {String.valueOf(body.get("decision")),
        body.get("comment") instanceof String c ? c : null};
    if (body.get("comment") != null && !(body.get("comment") instanceof String)) {
      throw new ApiException(422, "\"comment\" must be a string");
    }
    String user = app.caller(ctx).user();
    Object given = body.get("reviewer");
    String reviewer;
    if (user.isEmpty()) {
      if (!(given instanceof String r) || r.isBlank()) {
        throw new ApiException(422, "\"reviewer\" is required");
      }
      if (named != null && !named.equals(r)) {
        throw new ApiException(422, "\"reviewer\" must be " + ApiException.echo(named) + ", the reviewer this approval names, got "
            + ApiException.echo(r));
      }
      reviewer = r;
    } else if (given != null && !user.equals(given)) {
      throw new ApiException(422, "\"reviewer\" must be the authenticated user " + ApiException.echo(user)
          + " (or left out), got " + ApiException.echo(String.valueOf(given)));
    } else {
      reviewer = user;
    }
    try {
      Http.json(ctx, approvals.decide(id, verdict[0], reviewer, verdict[1]).wire());
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, e.getMessage());
    } catch (NoSuchElementException e) {
      throw ApiException.notFound("approval", id);
    } catch (IllegalStateException e) {
      throw new ApiException(409, e.getMessage());
    }
  }
}
