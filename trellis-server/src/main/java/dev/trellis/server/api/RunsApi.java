package dev.trellis.server.api;

import dev.trellis.diagnostics.Waits;
import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunRow;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.UnstartedRuns;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Http;
import dev.trellis.server.sse.Sse;
import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.RequestBody;
import dev.trellis.server.wire.StreamModes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs: stateful ({@code /threads/{id}/runs...}) and stateless ({@code /runs...}); background,
 * wait and stream variants; join, join-stream with {@code Last-Event-ID}, cancel, list, get,
 * delete; multitask strategies. A run is a row in the durable queue; whichever worker claims
 * it streams its events through the event bus to every client reading them.
 */
final class RunsApi {
  private final Services services;
  private final Worker worker;
  private final RunCreation creation;
  private final Sse sse;

  RunsApi(Services services, Worker worker, Sse sse) {
    this.services = services;
    this.worker = worker;
    this.sse = sse;
    this.creation = new RunCreation(services, worker);
  }

  RunCreation creation() {
    return creation;
  }

  void register(RoutesConfig r) {
    r.post("/threads/{tid}/runs", ctx -> background(ctx, pathThread(ctx)));
    r.post("/threads/{tid}/runs/wait", ctx -> waitFor(ctx, pathThread(ctx)));
    r.post("/threads/{tid}/runs/stream", ctx -> stream(ctx, pathThread(ctx)));
    r.get("/threads/{tid}/runs", this::list);
    r.get("/threads/{tid}/runs/{rid}", ctx -> Http.json(ctx, owned(ctx, pathThread(ctx), ctx.pathParam("rid")).wire()));
    r.delete("/threads/{tid}/runs/{rid}", this::delete);
    r.get("/threads/{tid}/runs/{rid}/join", ctx -> join(ctx, owned(ctx, pathThread(ctx), ctx.pathParam("rid"))));
    r.get("/threads/{tid}/runs/{rid}/stream", ctx -> joinStream(ctx, owned(ctx, pathThread(ctx), ctx.pathParam("rid"))));
    r.post("/threads/{tid}/runs/{rid}/cancel", this::cancel);
    r.post("/runs", ctx -> background(ctx, null));
    r.post("/runs/wait", ctx -> waitFor(ctx, null));
    r.post("/runs/stream", ctx -> stream(ctx, null));
    r.post("/runs/batch", this::batch);
    r.post("/runs/cancel", this::cancelMany);
    r.get("/runs/{rid}/stream", ctx -> joinStream(ctx, owned(ctx, null, ctx.pathParam("rid"))));
  }

  private void headers(Context ctx, RunCreation.Created c, String locationSuffix) {
    ctx.header("Content-Location", location(ctx, c));
    ctx.header("Location", location(ctx, c) + locationSuffix);
  }

  /**
   * Where the run lives, named as the caller names its thread: by the path's thread id (which may
   * be stored under another id); a route without one made a fresh thread, whose id is its only name.
   */
  private static String location(Context ctx, RunCreation.Created c) {
    String tid = ctx.pathParamMap().get("tid");
    return c.stateless() || tid == null ? c.location() : "/threads/" + tid + "/runs/" + c.runId();
  }

  private void background(Context ctx, String threadId) {
    RunCreation.Created c = creation.create(ctx, threadId, Http.body(ctx), TimeOrderedIds.next());
    ctx.header("Content-Location", location(ctx, c));
    Http.json(ctx, c.run());
  }

  private void batch(Context ctx) {
    List<Object> list = RequestBody.list(ctx, "/runs/batch");
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object one : list) {
      if (!(one instanceof Map<?, ?>)) {
        throw ServerException.invalid("each run of a batch must be an object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> b = (Map<String, Object>) one;
      out.add(creation.create(ctx, null, b, TimeOrderedIds.next()).run());
    }
    Http.json(ctx, out);
  }

  private void stream(Context ctx, String threadId) {
    follow(ctx, threadId, false, (c, sub, here, cancelIfAsked) -> {
      headers(ctx, c, "/stream");
      return sse.stream(ctx, sub, StreamModes.EVERY, () -> finished(c.runId())) == Sse.End.CLIENT_GONE;
    });
  }

  /**
   * Creates the run and answers its result when it ends. A run this process claims at creation executes on this
   * request's thread (no thread of its own to start, no hand-off of its end back to this one); one queued or claimed
   * elsewhere is waited for.
   */
  private void waitFor(Context ctx, String threadId) {
    follow(ctx, threadId, true, (c, sub, here, cancelIfAsked) -> {
      ctx.header("Content-Location", location(ctx, c));
      String joinAt = (c.stateless() ? "/threads/" + c.threadId() + "/runs/" + c.runId() : location(ctx, c)) + "/join";
      ctx.header("Location", joinAt);
      return !writeWhenDone(ctx, sub, c.runId(), here, cancelIfAsked);
    });
  }

  /** Follows a run just created, reading its events; true when the client left before the end. */
  @FunctionalInterface
  private interface Follower {
    /**
     * @param here the run's execution when this request is to execute it (else null): call it once; it is called
     *     after the follower if the follower did not
     * @param cancelIfAsked cancels the run if the body asks for it on a disconnect
     */
    boolean clientLeft(RunCreation.Created run, EventBus.Subscription events, Runnable here, Runnable cancelIfAsked);
  }

  /**
   * The stream and wait handlers' shared part: creates the run subscribed to its events from the
   * first, lets {@code follower} read them, and cancels the run when the client left and the body
   * asks for it ({@code on_disconnect: cancel}). With {@code runHere}, a run claimed at creation is
   * handed to the follower to execute on this thread.
   */
  private void follow(Context ctx, String threadId, boolean runHere, Follower follower) {
    long t = Waits.now();
    Waits.label("create");
    Map<String, Object> body = Http.body(ctx);
    RunCreation.Subscribed run = creation.createSubscribed(ctx, threadId, body, runHere);
    Waits.since("srv.wait.1-created", t);
    String runId = run.created().runId();
    boolean cancelOnLeave = "cancel".equals(body.get("on_disconnect"));
    Runnable cancelIfAsked = () -> {
      if (cancelOnLeave) {
        cancelRun(runId, "interrupt");
      }
    };
    Runnable here = run.here() == null ? null : once(run.here());
    try (EventBus.Subscription sub = run.events()) {
      try {
        if (follower.clientLeft(run.created(), sub, here, cancelIfAsked)) {
          cancelIfAsked.run();
        }
      } finally {
        if (here != null) {
          here.run(); // a no-op when the follower executed it
        }
      }
    }
  }

  /** {@code task} run by the first call only. */
  private static Runnable once(Runnable task) {
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    return () -> {
      if (done.compareAndSet(false, true)) {
        task.run();
      }
    };
  }

  /**
   * Waits for the run's end, writing a newline at every keep-alive interval to keep the connection open, then its
   * result; false if the client left. With {@code here}, the run executes on this thread first, another thread writing
   * the newlines meanwhile (and cancelling the run as the body asks if the client left).
   */
  private boolean writeWhenDone(Context ctx, EventBus.Subscription sub, String runId, Runnable here,
      Runnable cancelIfAsked) {
    try {
      OutputStream out = Sse.openJson(ctx);
      if (here != null) {
        WaitKeepAlive beats = WaitKeepAlive.start(out, sse.keepAliveMillis(), cancelIfAsked);
        boolean stayed;
        try {
          here.run();
        } finally {
          stayed = beats.stop();
        }
        if (!stayed) {
          return true; // the client left while the run executed; the beats already cancelled it if the body asked
        }
      }
      long t = Waits.now();
      while (true) {
        RunEvent e = sub.nextDone(sse.keepAliveMillis());
        if (Waits.ON) {
          Waits.since("srv.wait.2-until-done", t);
          Waits.sinceStamp("srv.wait.2b-done-to-woken", runId);
          t = Waits.now();
        }
        if (e == null) {
          if (finished(runId)) {
            out.write(Json.write(storedResult(runId)).getBytes(StandardCharsets.UTF_8));
            return true;
          }
          out.write('\n');
          out.flush();
          continue;
        }
        if (e.done()) {
          out.write((e.data() == null ? "{}" : e.data()).getBytes(StandardCharsets.UTF_8));
          Waits.since("srv.wait.3-write", t);
          return true;
        }
      }
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  boolean finished(String runId) {
    RunStatus status = services.runs().status(runId);
    return status == null || status.terminal();
  }

  /** What wait and join answer for an ended run: its result, else its thread's values, else {@code {}}. */
  private Object storedResult(String runId) {
    RunRow run = services.db().tx(c -> services.runs().get(c, runId));
    if (run == null) {
      return Map.of();
    }
    Object result = services.runResult(runId);
    if (result != null) {
      return result;
    }
    Object values = services.db().tx(c -> services.threads().values(c, run.threadId()));
    return values == null ? Map.of() : values;
  }

  /** A run of the caller (on {@code threadId} when given), or a 404. */
  private RunRow owned(Context ctx, String threadId, String runId) {
    RunRow run = services.db().tx(c -> services.runs().get(c, runId, Http.owner(ctx)));
    if (run == null || (threadId != null && !threadId.equals(run.threadId()))) {
      throw ServerException.notFound("run", runId);
    }
    return run;
  }

  private void join(Context ctx, RunRow run) {
    String runId = run.runId();
    if (run.ended()) {
      Http.json(ctx, storedResult(runId));
      return;
    }
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      writeWhenDone(ctx, sub, runId, null, () -> { });
    }
  }

  private void joinStream(Context ctx, RunRow run) {
    String runId = run.runId();
    String lastId = ctx.header("Last-Event-ID");
    long after;
    if (lastId == null || lastId.isBlank()) {
      if (run.ended()) {
        ctx.status(200).contentType("text/event-stream");
        return;
      }
      after = services.bus().last(runId);
    } else {
      try {
        after = Math.max(0, Long.parseLong(lastId.trim()));
      } catch (NumberFormatException e) {
        throw ServerException.invalid("Last-Event-ID must be an event id, got " + lastId);
      }
    }
    StreamModes modes = StreamModes.EVERY;
    String q = ctx.queryParam("stream_mode");
    if (q != null && !q.isBlank()) {
      Object parsed = q.startsWith("[") ? Json.read(q) : List.of(q);
      List<String> names = new ArrayList<>();
      for (Object m : (List<?>) parsed) {
        names.add(String.valueOf(m));
      }
      modes = StreamModes.subset(names);
    }
    boolean cancelOnDisconnect = Http.flag(ctx, "cancel_on_disconnect", false);
    ctx.header("Location", ctx.path());
    try (EventBus.Subscription sub = services.bus().subscribe(runId, after)) {
      Sse.End end = sse.stream(ctx, sub, modes, () -> finished(runId));
      if (end == Sse.End.CLIENT_GONE && cancelOnDisconnect) {
        cancelRun(runId, "interrupt");
      }
    }
  }

  private void list(Context ctx) {
    String tid = pathThread(ctx);
    String owner = Http.owner(ctx);
    String status = ctx.queryParam("status");
    int limit = ctx.queryParam("limit") == null ? 10 : Integer.parseInt(ctx.queryParam("limit"));
    int offset = ctx.queryParam("offset") == null ? 0 : Integer.parseInt(ctx.queryParam("offset"));
    if (limit < 1 || limit > 1000 || offset < 0) {
      throw ServerException.invalid("limit must be 1..1000 and offset ≥ 0");
    }
    RunStatus wanted = status == null ? null : RunStatus.parse(status);
    List<RunRow> rows = services.db().tx(c -> {
      services.threads().require(c, tid, owner);
      return services.runs().ofThread(c, tid, owner, wanted);
    });
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = offset; i < Math.min(rows.size(), offset + limit); i++) {
      out.add(rows.get(i).wire());
    }
    Http.json(ctx, out);
  }

  private void delete(Context ctx) {
    RunRow run = owned(ctx, pathThread(ctx), ctx.pathParam("rid"));
    if (run.status() == RunStatus.RUNNING) {
      throw ServerException.conflict("run " + run.runId() + " is running; cancel it first");
    }
    services.db().tx(c -> {
      services.runs().delete(c, run.runId());
      return null;
    });
    settle(run.threadId());
    Http.noContent(ctx);
  }

  private void cancel(Context ctx) {
    RunRow run = owned(ctx, pathThread(ctx), ctx.pathParam("rid"));
    String action = action(ctx);
    String runId = run.runId();
    cancelRun(runId, action);
    if (Http.flag(ctx, "wait", false)) {
      join(ctx, services.db().tx(c -> {
        RunRow r = services.runs().get(c, runId);
        return r == null ? run : r;
      }));
      return;
    }
    ctx.status(202);
  }

  /** The {@code action} query parameter of a cancel: interrupt (the default) or rollback. */
  private static String action(Context ctx) {
    String action = ctx.queryParam("action") == null ? "interrupt" : ctx.queryParam("action");
    if (!Set.of("interrupt", "rollback").contains(action)) {
      throw ServerException.invalid("\"action\" must be interrupt or rollback");
    }
    return action;
  }

  void cancelRun(String runId, String action) {
    boolean[] unstarted = new boolean[1];
    String thread = services.db().tx(c -> {
      RunRow r = services.runs().get(c, runId);
      unstarted[0] = services.runs().cancel(c, runId, action);
      return r == null ? null : r.threadId();
    });
    if (unstarted[0]) {
      UnstartedRuns.cancelled(services.bus(), List.of(runId), action);
    }
    worker.checkLeases();
    if (thread != null) {
      settle(thread);
    }
  }

  /** After a pending run was cancelled or deleted: a thread left with no active run is no longer busy. */
  private void settle(String threadId) {
    services.db().tx(c -> {
      if (!services.runs().active(c, threadId)) {
        services.threads().settle(c, threadId);
      }
      return null;
    });
  }

  private void cancelMany(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String action = action(ctx);
    String owner = Http.owner(ctx);
    List<String> ids = Json.strings(b, "run_ids");
    String status = Json.string(b, "status");
    List<String> targets = services.db().tx(c -> {
      List<String> out = new ArrayList<>();
      if (ids != null) {
        for (String id : ids) {
          if (services.runs().get(c, id, owner) != null) {
            out.add(id);
          }
        }
      } else if (status != null) {
        out.addAll(services.runs().idsIn(c, owner, switch (status) {
          case "pending" -> List.of(RunStatus.PENDING);
          case "running" -> List.of(RunStatus.RUNNING);
          case "all" -> List.of(RunStatus.PENDING, RunStatus.RUNNING);
          default -> throw ServerException.invalid("\"status\" must be pending, running or all");
        }));
      } else {
        throw ServerException.invalid("give \"run_ids\" (with thread_id) or \"status\"");
      }
      return out;
    });
    targets.forEach(id -> cancelRun(id, action));
    Http.noContent(ctx);
  }

  /** The stored id of the caller's thread the path names. */
  private static String pathThread(Context ctx) {
    return PublicIds.thread(ctx, ctx.pathParam("tid"));
  }
}
