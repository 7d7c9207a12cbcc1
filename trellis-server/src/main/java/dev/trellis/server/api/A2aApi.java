package dev.trellis.server.api;

import dev.trellis.server.db.Assistant;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.sse.Sse;
import dev.trellis.server.wire.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Every assistant as an Agent2Agent (A2A, protocol 0.3) agent, over JSON-RPC 2.0 as LangGraph's
 * server offers it:
 * <ul>
 *   <li>{@code GET /a2a/{assistant_id}/.well-known/agent-card.json} (also
 *       {@code GET /.well-known/agent-card.json?assistant_id=...}): the agent card — name and
 *       description of the assistant, one skill (its graph), streaming, the JSON-RPC URL;</li>
 *   <li>{@code POST /a2a/{assistant_id}}: {@code message/send} (waits for the run unless
 *       {@code configuration.blocking} is false), {@code message/stream} (an event stream of the task,
 *       its status updates and its result artifact), {@code tasks/resubscribe} (the same stream for a task
 *       already started), {@code tasks/get} and {@code tasks/cancel}.</li>
 * </ul>
 * Tasks are runs on threads ({@link A2aTasks}); messages map to input and output as
 * {@link A2aParts} says. A malformed request, unknown method or bad parameter is a JSON-RPC error
 * (HTTP 200) with A2A's codes; an unknown assistant is a 404.
 */
final class A2aApi {
  static final String PROTOCOL_VERSION = "0.3.0";
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int TASK_NOT_FOUND = -32001;
  static final int TASK_NOT_CANCELABLE = -32002;
  static final int PUSH_NOT_SUPPORTED = -32003;
  static final int CONTENT_TYPE_NOT_SUPPORTED = -32005;
  private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);

  private final Services services;
  private final A2aTasks tasks;

  A2aApi(Services services, RunsApi runs) {
    this.services = services;
    this.tasks = new A2aTasks(services, runs);
  }

  void register(RoutesConfig r) {
    r.get("/a2a/{aid}/.well-known/agent-card.json", ctx -> card(ctx, ctx.pathParam("aid")));
    r.get("/.well-known/agent-card.json", ctx -> {
      String aid = ctx.queryParam("assistant_id");
      if (aid == null || aid.isBlank()) {
        throw new ApiException(400, "name the agent: /.well-known/agent-card.json?assistant_id=... (or GET"
            + " /a2a/{assistant_id}/.well-known/agent-card.json); graphs: " + String.join(", ", services.graphs().keySet()));
      }
      card(ctx, aid);
    });
    r.post("/a2a/{aid}", this::post);
  }

  private Assistant assistant(Context ctx, String ref) {
    return services.assistants().require(PublicIds.assistant(ctx, ref), Http.owner(ctx));
  }

  private void card(Context ctx, String ref) {
    Assistant a = assistant(ctx, ref);
    String description = a.description() != null && !a.description().isBlank() ? a.description()
        : "Trellis graph " + a.graphId();
    Map<String, Object> card = new LinkedHashMap<>();
    card.put("protocolVersion", PROTOCOL_VERSION);
    card.put("name", a.name());
    card.put("description", description);
    card.put("url", ctx.scheme() + "://" + ctx.host() + "/a2a/" + ref);
    card.put("preferredTransport", "JSONRPC");
    card.put("version", String.valueOf(a.version()));
    card.put("capabilities", Map.of("streaming", true, "pushNotifications", false, "stateTransitionHistory", false));
    card.put("defaultInputModes", List.of("text/plain", "application/json"));
    card.put("defaultOutputModes", List.of("text/plain", "application/json"));
    card.put("skills", List.of(Map.of("id", a.graphId(), "name", a.name(), "description", description,
        "tags", List.of("trellis", a.graphId()))));
    Http.json(ctx, card);
  }

  private void post(Context ctx) {
    Assistant assistant = assistant(ctx, ctx.pathParam("aid")); // an unknown agent: 404, like its card
    Object id = null;
    Map<String, Object> request;
    try {
      Object parsed = Json.read(ctx.body());
      if (!(parsed instanceof Map<?, ?>)) {
        throw new RpcError(INVALID_REQUEST, "a JSON-RPC request must be an object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) parsed;
      request = m;
      id = request.get("id");
      if (!"2.0".equals(request.get("jsonrpc")) || !(request.get("method") instanceof String)) {
        throw new RpcError(INVALID_REQUEST, "a JSON-RPC 2.0 request needs \"jsonrpc\": \"2.0\" and a \"method\"");
      }
      if (id != null && !(id instanceof String || id instanceof Number)) {
        id = null;
        throw new RpcError(INVALID_REQUEST, "\"id\" must be a string or a number");
      }
      if (request.get("params") != null && !(request.get("params") instanceof Map<?, ?>)) {
        throw new RpcError(INVALID_PARAMS, "\"params\" must be an object");
      }
    } catch (ServerException malformed) {
      Http.json(ctx, error(null, PARSE_ERROR, malformed.getMessage()));
      return;
    } catch (RpcError e) {
      Http.json(ctx, error(id, e.code, e.getMessage()));
      return;
    }
    Map<String, Object> params = request.get("params") == null ? Map.of() : Json.map(request, "params");
    String method = (String) request.get("method");
    try {
      if (method.equals("message/stream")) {
        stream(ctx, assistant, id, params);
        return;
      }
      if (method.equals("tasks/resubscribe")) {
        resubscribe(ctx, assistant, id, taskId(params));
        return;
      }
      Object result = switch (method) {
        case "message/send" -> send(ctx, assistant, params);
        case "tasks/get" -> tasks.get(ctx, assistant, taskId(params), historyLength(params));
        case "tasks/cancel" -> tasks.cancel(ctx, assistant, taskId(params));
        case "tasks/pushNotificationConfig/set", "tasks/pushNotificationConfig/get",
             "tasks/pushNotificationConfig/list", "tasks/pushNotificationConfig/delete" ->
            throw new RpcError(PUSH_NOT_SUPPORTED, "push notifications are not supported");
        default -> throw new RpcError(METHOD_NOT_FOUND, "method not found: " + ApiException.echo(method));
      };
      Http.json(ctx, reply(id, result));
    } catch (RpcError e) {
      Http.json(ctx, error(id, e.code, e.getMessage()));
    } catch (ServerException e) {
      Http.json(ctx, error(id, INVALID_PARAMS, e.getMessage())); // e.g. "configuration" not an object
    }
  }

  private Map<String, Object> send(Context ctx, Assistant assistant, Map<String, Object> params) {
    Map<String, Object> message = message(params);
    boolean blocking = !(Json.map(params, "configuration").get("blocking") instanceof Boolean b) || b;
    String runId = UUID.randomUUID().toString();
    A2aTasks.Started started;
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      started = tasks.start(ctx, assistant, message, runId);
      if (blocking) {
        tasks.awaitEnd(sub, runId, () -> { });
      }
    }
    return tasks.get(ctx, assistant, started.taskId(), historyLength(Json.map(params, "configuration")));
  }

  /** message/stream: the task as it starts, {@code working}, then its result artifact and its final status. */
  private void stream(Context ctx, Assistant assistant, Object id, Map<String, Object> params) {
    Map<String, Object> message = message(params);
    String runId = UUID.randomUUID().toString();
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      A2aTasks.Started started = tasks.start(ctx, assistant, message, runId);
      OutputStream out = Sse.open(ctx);
      Map<String, Object> task = tasks.get(ctx, assistant, started.taskId(), 0);
      event(out, reply(id, task));
      Map<String, Object> working = new LinkedHashMap<>();
      working.put("state", "working");
      working.put("timestamp", java.time.Instant.now().toString());
      event(out, reply(id, statusUpdate(started, working, false)));
      follow(ctx, assistant, id, out, sub, started);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // the client went away; the request log notes the abort
    } catch (RpcError e) {
      if (ctx.res().isCommitted()) {
        throw e;
      }
      Http.json(ctx, error(id, e.code, e.getMessage())); // refused before the stream began
    }
  }

  /** tasks/resubscribe: the task now, then — while it works — its result artifact and its final status. */
  private void resubscribe(Context ctx, Assistant assistant, Object id, String taskId) {
    Map<String, Object> task = tasks.get(ctx, assistant, taskId, 0);
    String runId = (String) ((Map<?, ?>) task.get("metadata")).get("run_id");
    A2aTasks.Started started = new A2aTasks.Started(taskId, (String) task.get("contextId"), runId);
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      OutputStream out = Sse.open(ctx);
      event(out, reply(id, task));
      String state = A2aTasks.state(task);
      if (state.equals("working") || state.equals("submitted")) {
        follow(ctx, assistant, id, out, sub, started);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits for the task's run to end (keep-alives meanwhile), then writes its artifacts and its final status. */
  private void follow(Context ctx, Assistant assistant, Object id, OutputStream out, EventBus.Subscription sub,
                      A2aTasks.Started started) {
    tasks.awaitEnd(sub, started.runId(), () -> write(out, KEEP_ALIVE));
    Map<String, Object> done = tasks.get(ctx, assistant, started.taskId(), 0);
    if (done.get("artifacts") instanceof List<?> artifacts) {
      for (Object artifact : artifacts) {
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("kind", "artifact-update");
        update.put("taskId", started.taskId());
        update.put("contextId", started.contextId());
        update.put("artifact", artifact);
        update.put("lastChunk", true);
        event(out, reply(id, update));
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> status = (Map<String, Object>) done.get("status");
    event(out, reply(id, statusUpdate(started, status, true)));
  }

  private static Map<String, Object> statusUpdate(A2aTasks.Started started, Map<String, Object> status, boolean last) {
    Map<String, Object> update = new LinkedHashMap<>();
    update.put("kind", "status-update");
    update.put("taskId", started.taskId());
    update.put("contextId", started.contextId());
    update.put("status", status);
    update.put("final", last);
    return update;
  }

  private static void event(OutputStream out, Map<String, Object> reply) {
    write(out, ("data: " + Json.write(reply) + "\n\n").getBytes(StandardCharsets.UTF_8));
  }

  private static void write(OutputStream out, byte[] bytes) {
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> message(Map<String, Object> params) {
    Object message = params.get("message");
    A2aParts.check(message);
    return (Map<String, Object>) message;
  }

  private static String taskId(Map<String, Object> params) {
    if (!(params.get("id") instanceof String id) || id.isBlank()) {
      throw new RpcError(INVALID_PARAMS, "params.id must be the task id");
    }
    return id;
  }

  private static int historyLength(Map<String, Object> params) {
    Object n = params.get("historyLength");
    if (n == null) {
      return 0;
    }
    if (!(n instanceof Integer i) || i < 0) {
      throw new RpcError(INVALID_PARAMS, "historyLength must be a non-negative integer");
    }
    return i;
  }

  private static Map<String, Object> reply(Object id, Object result) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    m.put("result", result);
    return m;
  }

  private static Map<String, Object> error(Object id, int code, String message) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    m.put("error", Map.of("code", code, "message", message));
    return m;
  }

  /** A JSON-RPC error answered in the reply (HTTP 200). */
  static final class RpcError extends RuntimeException {
    final int code;

    RpcError(int code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }
}
