package dev.trellis.server.api;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.runs.EventBus;
import dev.trellis.server.runs.RunEvent;
import dev.trellis.server.runs.RunRequest;
import dev.trellis.server.runs.Services;
import dev.trellis.server.runs.Worker;
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
import java.util.UUID;

/**
 * Runs: stateful ({@code /threads/{id}/runs...}) and stateless ({@code /runs...}); background,
 * wait and stream variants; join, join-stream with {@code Last-Event-ID}, cancel, list, get,
 * delete; multitask strategies. A run is a row in the durable queue; whichever worker claims
 * it streams its events through the event bus to every client reading them.
 */
final class RunsApi {
  private static final Set<String> TERMINAL = Set.of("success", "error", "interrupted", "timeout");
  private final Services s;
  private final Worker worker;

  RunsApi(Services s, Worker worker) {
    this.s = s;
    this.worker = worker;
  }

  void register(RoutesConfig r) {
    r.post("/threads/{tid}/runs", ctx -> background(ctx, ctx.pathParam("tid")));
    r.post("/threads/{tid}/runs/wait", ctx -> waitFor(ctx, ctx.pathParam("tid")));
    r.post("/threads/{tid}/runs/stream", ctx -> stream(ctx, ctx.pathParam("tid")));
    r.get("/threads/{tid}/runs", this::list);
    r.get("/threads/{tid}/runs/{rid}", ctx -> Http.json(ctx, wire(owned(ctx, ctx.pathParam("tid"), ctx.pathParam("rid")))));
    r.delete("/threads/{tid}/runs/{rid}", this::delete);
    r.get("/threads/{tid}/runs/{rid}/join", ctx -> join(ctx, owned(ctx, ctx.pathParam("tid"), ctx.pathParam("rid"))));
    r.get("/threads/{tid}/runs/{rid}/stream", ctx -> joinStream(ctx, owned(ctx, ctx.pathParam("tid"), ctx.pathParam("rid"))));
    r.post("/threads/{tid}/runs/{rid}/cancel", this::cancel);
    r.post("/runs", ctx -> background(ctx, null));
    r.post("/runs/wait", ctx -> waitFor(ctx, null));
    r.post("/runs/stream", ctx -> stream(ctx, null));
    r.post("/runs/batch", this::batch);
    r.post("/runs/cancel", this::cancelMany);
    r.get("/runs/{rid}/stream", ctx -> joinStream(ctx, owned(ctx, null, ctx.pathParam("rid"))));
  }

  /** A run just created: its row and where it lives. */
  record Created(Map<String, Object> run, String threadId, String runId, boolean stateless) {
    String location() {
      return stateless ? "/runs/" + runId : "/threads/" + threadId + "/runs/" + runId;
    }
  }

  /** Validates the body, applies the multitask strategy and queues the run; nothing is created on a 4xx. */
  private Created create(Context ctx, String threadId, Map<String, Object> body, String runId) {
    Map<String, Object> withHeaders = new LinkedHashMap<>(body);
    withHeaders.put("config", withHeaders(ctx, Json.map(body, "config")));
    return submit(Http.owner(ctx), threadId, withHeaders, runId);
  }

  /** Queues a run for {@code owner} (crons use this too); {@code threadId} null makes a stateless run. */
  Created submit(String owner, String threadId, Map<String, Object> body, String runId) {
    RunRequest req = RunRequest.of(body);
    String assistantRef = Json.string(body, "assistant_id");
    if (assistantRef == null) {
      throw new ApiException(422, "\"assistant_id\" is required");
    }
    String multitask = RunRequest.multitask(body);
    boolean stateless = threadId == null;
    String tid = stateless ? UUID.randomUUID().toString() : threadId;
    if (!stateless) {
      AssistantsApi.uuid(tid, "thread_id");
    }
    String cp = req.checkpointId();
    if (cp != null && s.saver().getTuple(CheckpointConfig.thread(tid).withCheckpointId(cp)) == null) {
      throw ApiException.notFound("checkpoint", cp);
    }
    long after = body.get("after_seconds") instanceof Number n ? (long) (n.doubleValue() * 1000) : 0;
    Map<String, Object> kwargs = new LinkedHashMap<>(body);
    kwargs.remove("assistant_id");
    Map<String, Object> metadata = Json.map(body, "metadata");
    boolean[] cancelled = {false};
    Map<String, Object> run = s.db().tx(c -> {
      Map<String, Object> assistant = s.assistants().require(c, assistantRef, owner);
      String graphId = (String) assistant.get("graph_id");
      CompiledGraph graph = s.graph(graphId);
      checkNodes(graph, body, "interrupt_before");
      checkNodes(graph, body, "interrupt_after");
      Map<String, Object> thread = stateless ? null : s.threads().get(c, tid, owner);
      if (thread == null) {
        if (!stateless && !"create".equals(body.get("if_not_exists"))) {
          throw ApiException.notFound("thread", tid);
        }
        if (s.db().row(c, "SELECT thread_id FROM trellis_threads WHERE thread_id = ?", tid) != null) {
          throw new ApiException(409, "thread " + tid + " already exists");
        }
        s.threads().insert(c, tid, owner, graphId, Map.of("graph_id", graphId));
      }
      List<Map<String, Object>> active = s.runs().activeRuns(c, tid);
      if (!active.isEmpty()) {
        switch (multitask) {
          case "reject" -> throw new ApiException(409, "thread " + tid + " is busy with run " + active.getFirst().get("run_id")
              + " (multitask_strategy reject)");
          case "interrupt", "rollback" -> {
            for (Map<String, Object> a : active) {
              s.runs().cancel(c, (String) a.get("run_id"), multitask);
            }
            cancelled[0] = true;
          }
          default -> { }
        }
      }
      s.threads().setGraph(c, tid, graphId);
      s.threads().setStatus(c, tid, "busy");
      String now = ServerDb.now();
      s.db().update(c, "INSERT INTO trellis_runs (run_id, thread_id, assistant_id, owner, status, metadata, kwargs, "
          + "multitask_strategy, temporary, created_at, updated_at, available_at, attempt) "
          + "VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, 0)", runId, tid, assistant.get("assistant_id"), owner,
          ServerDb.json(metadata), ServerDb.json(kwargs), multitask, stateless ? 1 : 0, now, now,
          s.db().clock(c) + after);
      s.runs().announce(c);
      return s.db().row(c, "SELECT * FROM trellis_runs WHERE run_id = ?", runId);
    });
    worker.wake();
    if (cancelled[0]) {
      worker.checkLeases();
    }
    return new Created(wire(run), tid, runId, stateless);
  }

  private static void checkNodes(CompiledGraph graph, Map<String, Object> body, String key) {
    if (body.get(key) instanceof List<?> nodes) {
      Set<String> known = new HashSet<>();
      graph.view().nodes().forEach(n -> known.add(n.id()));
      for (Object n : nodes) {
        if (!known.contains(n)) {
          throw new ApiException(422, "\"" + key + "\" names unknown node \"" + n + "\" (nodes: " + known + ")");
        }
      }
    }
  }

  /** Request headers starting with {@code x-} (but not keys) and {@code user-agent} go into {@code config.configurable}. */
  private static Map<String, Object> withHeaders(Context ctx, Map<String, Object> config) {
    Map<String, Object> conf = config.get("configurable") instanceof Map<?, ?> m
        ? new LinkedHashMap<>(Json.map(config, "configurable")) : new LinkedHashMap<>();
    ctx.headerMap().forEach((k, v) -> {
      String name = k.toLowerCase(java.util.Locale.ROOT);
      if ((name.startsWith("x-") && !Set.of("x-api-key", "x-tenant-id", "x-service-key").contains(name))
          || name.equals("user-agent")) {
        conf.putIfAbsent(name, v);
      }
    });
    config.put("configurable", conf);
    return config;
  }

  static Map<String, Object> wire(Map<String, Object> row) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k : List.of("run_id", "thread_id", "assistant_id", "created_at", "updated_at", "status", "metadata",
        "kwargs", "multitask_strategy")) {
      m.put(k, row.get(k) == null && k.equals("metadata") ? Map.of() : row.get(k));
    }
    return m;
  }

  private void headers(Context ctx, Created c, String locationSuffix) {
    ctx.header("Content-Location", c.location());
    ctx.header("Location", c.location() + locationSuffix);
  }

  private void background(Context ctx, String threadId) {
    Created c = create(ctx, threadId, Http.body(ctx), UUID.randomUUID().toString());
    ctx.header("Content-Location", c.location());
    Http.json(ctx, c.run());
  }

  private void batch(Context ctx) {
    Object body = Json.read(ctx.body());
    if (!(body instanceof List<?> list)) {
      throw new ApiException(422, "the body of /runs/batch must be a list of run objects");
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object one : list) {
      if (!(one instanceof Map<?, ?>)) {
        throw new ApiException(422, "each run of a batch must be an object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> b = (Map<String, Object>) one;
      out.add(create(ctx, null, b, UUID.randomUUID().toString()).run());
    }
    Http.json(ctx, out);
  }

  private void stream(Context ctx, String threadId) {
    Map<String, Object> body = Http.body(ctx);
    String runId = UUID.randomUUID().toString();
    try (EventBus.Subscription sub = s.bus().subscribe(runId, 0)) {
      Created c = create(ctx, threadId, body, runId);
      headers(ctx, c, "/stream");
      Sse.End end = Sse.stream(ctx, sub, null, () -> finished(runId));
      if (end == Sse.End.CLIENT_GONE && "cancel".equals(body.get("on_disconnect"))) {
        cancelRun(runId, "interrupt");
      }
    }
  }

  private void waitFor(Context ctx, String threadId) {
    Map<String, Object> body = Http.body(ctx);
    String runId = UUID.randomUUID().toString();
    try (EventBus.Subscription sub = s.bus().subscribe(runId, 0)) {
      Created c = create(ctx, threadId, body, runId);
      ctx.header("Content-Location", c.location());
      ctx.header("Location", (c.stateless ? "/threads/" + c.threadId + "/runs/" + runId : c.location()) + "/join");
      boolean gone = !writeWhenDone(ctx, sub, runId);
      if (gone && "cancel".equals(body.get("on_disconnect"))) {
        cancelRun(runId, "interrupt");
      }
    }
  }

  /** Waits for the run's end, writing a newline every 5 s to keep the connection open, then its result; false if the client left. */
  private boolean writeWhenDone(Context ctx, EventBus.Subscription sub, String runId) {
    ctx.res().setStatus(200);
    ctx.res().setContentType("application/json");
    try {
      OutputStream out = ctx.res().getOutputStream();
      while (true) {
        RunEvent e = sub.next(Sse.HEARTBEAT_MILLIS);
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
          Object data = Json.read(e.data());
          Object result = data instanceof Map<?, ?> m ? m.get("result") : null;
          out.write(Json.write(result == null ? Map.of() : result).getBytes(StandardCharsets.UTF_8));
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

  private boolean finished(String runId) {
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT status FROM trellis_runs WHERE run_id = ?", runId));
    return row == null || TERMINAL.contains(row.get("status"));
  }

  private Object storedResult(String runId) {
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT result, thread_id FROM trellis_runs WHERE run_id = ?", runId));
    if (row == null) {
      return Map.of();
    }
    if (row.get("result") != null) {
      return row.get("result");
    }
    Map<String, Object> t = s.db().tx(c -> s.db().row(c, "SELECT values_json FROM trellis_threads WHERE thread_id = ?",
        row.get("thread_id")));
    return t == null || t.get("values_json") == null ? Map.of() : t.get("values_json");
  }

  /** A run of the caller (on {@code threadId} when given), or a 404. */
  private Map<String, Object> owned(Context ctx, String threadId, String runId) {
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT * FROM trellis_runs WHERE run_id = ? AND owner = ?",
        runId, Http.owner(ctx)));
    if (row == null || (threadId != null && !threadId.equals(row.get("thread_id")))) {
      throw ApiException.notFound("run", runId);
    }
    return row;
  }

  private void join(Context ctx, Map<String, Object> run) {
    String runId = (String) run.get("run_id");
    if (TERMINAL.contains(run.get("status"))) {
      Http.json(ctx, storedResult(runId));
      return;
    }
    try (EventBus.Subscription sub = s.bus().subscribe(runId, 0)) {
      writeWhenDone(ctx, sub, runId);
    }
  }

  private void joinStream(Context ctx, Map<String, Object> run) {
    String runId = (String) run.get("run_id");
    String lastId = ctx.header("Last-Event-ID");
    long after;
    if (lastId == null || lastId.isBlank()) {
      if (TERMINAL.contains(run.get("status"))) {
        ctx.status(200).contentType("text/event-stream");
        return;
      }
      after = s.bus().last(runId);
    } else {
      try {
        after = Math.max(0, Long.parseLong(lastId.trim()));
      } catch (NumberFormatException e) {
        throw new ApiException(422, "Last-Event-ID must be an event id, got " + lastId);
      }
    }
    Set<String> modes = null;
    String q = ctx.queryParam("stream_mode");
    if (q != null && !q.isBlank()) {
      Object parsed = q.startsWith("[") ? Json.read(q) : List.of(q);
      modes = new HashSet<>();
      for (Object m : (List<?>) parsed) {
        modes.add(String.valueOf(m));
      }
    }
    boolean cancelOnDisconnect = Http.flag(ctx, "cancel_on_disconnect", false);
    ctx.header("Location", ctx.path());
    try (EventBus.Subscription sub = s.bus().subscribe(runId, after)) {
      Sse.End end = Sse.stream(ctx, sub, modes, () -> finished(runId));
      if (end == Sse.End.CLIENT_GONE && cancelOnDisconnect) {
        cancelRun(runId, "interrupt");
      }
    }
  }

  private void list(Context ctx) {
    String tid = ctx.pathParam("tid");
    String owner = Http.owner(ctx);
    String status = ctx.queryParam("status");
    int limit = ctx.queryParam("limit") == null ? 10 : Integer.parseInt(ctx.queryParam("limit"));
    int offset = ctx.queryParam("offset") == null ? 0 : Integer.parseInt(ctx.queryParam("offset"));
    if (limit < 1 || limit > 1000 || offset < 0) {
      throw new ApiException(422, "limit must be 1..1000 and offset ≥ 0");
    }
    List<Map<String, Object>> rows = s.db().tx(c -> {
      s.threads().require(c, tid, owner);
      return s.db().rows(c, "SELECT * FROM trellis_runs WHERE thread_id = ? AND owner = ?"
          + (status == null ? "" : " AND status = ?") + " ORDER BY created_at DESC",
          status == null ? new Object[] {tid, owner} : new Object[] {tid, owner, status});
    });
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = offset; i < Math.min(rows.size(), offset + limit); i++) {
      out.add(wire(rows.get(i)));
    }
    Http.json(ctx, out);
  }

  private void delete(Context ctx) {
    Map<String, Object> run = owned(ctx, ctx.pathParam("tid"), ctx.pathParam("rid"));
    if ("running".equals(run.get("status"))) {
      throw new ApiException(409, "run " + run.get("run_id") + " is running; cancel it first");
    }
    s.db().tx(c -> s.db().update(c, "DELETE FROM trellis_runs WHERE run_id = ?", run.get("run_id")));
    settle((String) run.get("thread_id"));
    Http.noContent(ctx);
  }

  private void cancel(Context ctx) {
    Map<String, Object> run = owned(ctx, ctx.pathParam("tid"), ctx.pathParam("rid"));
    String action = ctx.queryParam("action") == null ? "interrupt" : ctx.queryParam("action");
    if (!Set.of("interrupt", "rollback").contains(action)) {
      throw new ApiException(422, "\"action\" must be interrupt or rollback");
    }
    String runId = (String) run.get("run_id");
    cancelRun(runId, action);
    if (Http.flag(ctx, "wait", false)) {
      join(ctx, s.db().tx(c -> {
        Map<String, Object> r = s.db().row(c, "SELECT * FROM trellis_runs WHERE run_id = ?", runId);
        return r == null ? run : r;
      }));
      return;
    }
    ctx.status(202);
  }

  private void cancelRun(String runId, String action) {
    String thread = s.db().tx(c -> {
      Map<String, Object> r = s.db().row(c, "SELECT thread_id FROM trellis_runs WHERE run_id = ?", runId);
      s.runs().cancel(c, runId, action);
      return r == null ? null : (String) r.get("thread_id");
    });
    worker.checkLeases();
    if (thread != null) {
      settle(thread);
    }
  }

  /** After a pending run was cancelled or deleted: a thread left with no active run is no longer busy. */
  private void settle(String threadId) {
    s.db().tx(c -> {
      Map<String, Object> t = s.db().row(c, "SELECT status, interrupts FROM trellis_threads WHERE thread_id = ?", threadId);
      if (t != null && "busy".equals(t.get("status")) && !s.runs().active(c, threadId)) {
        boolean interrupted = t.get("interrupts") instanceof Map<?, ?> m && !m.isEmpty();
        s.threads().setStatus(c, threadId, interrupted ? "interrupted" : "idle");
      }
      return null;
    });
  }

  private void cancelMany(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String action = ctx.queryParam("action") == null ? "interrupt" : ctx.queryParam("action");
    if (!Set.of("interrupt", "rollback").contains(action)) {
      throw new ApiException(422, "\"action\" must be interrupt or rollback");
    }
    String owner = Http.owner(ctx);
    List<String> ids = Json.strings(b, "run_ids");
    String status = Json.string(b, "status");
    List<String> targets = s.db().tx(c -> {
      List<String> out = new ArrayList<>();
      if (ids != null) {
        for (String id : ids) {
          if (s.db().row(c, "SELECT run_id FROM trellis_runs WHERE run_id = ? AND owner = ?", id, owner) != null) {
            out.add(id);
          }
        }
      } else if (status != null) {
        String where = switch (status) {
          case "pending" -> "status = 'pending'";
          case "running" -> "status = 'running'";
          case "all" -> "status IN ('pending', 'running')";
          default -> throw new ApiException(422, "\"status\" must be pending, running or all");
        };
        s.db().rows(c, "SELECT run_id FROM trellis_runs WHERE owner = ? AND " + where, owner)
            .forEach(r -> out.add((String) r.get("run_id")));
      } else {
        throw new ApiException(422, "give \"run_ids\" (with thread_id) or \"status\"");
      }
      return out;
    });
    targets.forEach(id -> cancelRun(id, action));
    Http.noContent(ctx);
  }
}
