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
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every assistant as an Agent2Agent (A2A) agent over JSON-RPC 2.0, speaking protocol 1.0 and
 * 0.3 at the same URL; each request's {@code A2A-Version} header picks the version (none: 0.3),
 * its method names and its shapes ({@link A2aVersion}, {@link A2aV1}):
 * <ul>
 *   <li>{@code GET /a2a/{assistant_id}/.well-known/agent-card.json} (also
 *       {@code GET /.well-known/agent-card.json?assistant_id=...}): the agent card
 *       ({@link A2aCard});</li>
 *   <li>{@code POST /a2a/{assistant_id}}: send a message ({@code SendMessage} /
 *       {@code message/send}; waits for the run unless asked to return at once), stream one
 *       ({@code SendStreamingMessage} / {@code message/stream}: the task, {@code working}, the
 *       answer's text as it is produced, the result artifact and the final status —
 *       {@link A2aProgress}), subscribe to a task ({@code SubscribeToTask} /
 *       {@code tasks/resubscribe}), get and cancel one, and (1.0) list them ({@link A2aTaskList}).</li>
 * </ul>
 * Tasks are runs on threads ({@link A2aTasks}); messages map to input and output as
 * {@link A2aParts} says. A malformed request, unknown method or bad parameter is a JSON-RPC
 * error (HTTP 200) with A2A's codes, and so is a fault of the server (-32603, logged); an
 * unknown assistant is a 404.
 */
final class A2aApi {
  static final String PROTOCOL_VERSION_0_3 = "0.3.0";
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int INTERNAL_ERROR = -32603;
  static final int TASK_NOT_FOUND = -32001;
  static final int TASK_NOT_CANCELABLE = -32002;
  static final int PUSH_NOT_SUPPORTED = -32003;
  static final int UNSUPPORTED_OPERATION = -32004;
  static final int CONTENT_TYPE_NOT_SUPPORTED = -32005;
  static final int EXTENDED_CARD_NOT_CONFIGURED = -32007;
  static final int VERSION_NOT_SUPPORTED = -32009;
  private static final Logger LOG = LoggerFactory.getLogger(A2aApi.class);
  private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);

  private final Services services;
  private final A2aTasks tasks;
  private final A2aTaskList taskList;

  A2aApi(Services services, RunsApi runs) {
    this.services = services;
    this.tasks = new A2aTasks(services, runs);
    this.taskList = new A2aTaskList(services, tasks);
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
    String asked = ctx.header(A2aVersion.HEADER);
    A2aVersion version = A2aVersion.parse(asked);
    if (version == null) {
      throw new ApiException(400, "A2A protocol version " + ApiException.echo(asked) + " is not supported; this"
          + " agent speaks " + String.join(" and ", A2aVersion.numbers()));
    }
    ctx.header("Vary", A2aVersion.HEADER);
    Http.json(ctx, A2aCard.of(a, ctx.scheme() + "://" + ctx.host() + "/a2a/" + ref, version));
  }

  private void post(Context ctx) {
    Assistant assistant = assistant(ctx, ctx.pathParam("aid")); // an unknown agent: 404, like its card
    A2aVersion version = A2aVersion.V1_0; // an unknown version's error in the newest shape
    Object id = null;
    Map<String, Object> request;
    try {
      Object parsed = null;
      String malformed = null;
      String body = ctx.body();
      try {
        parsed = Json.read(body);
      } catch (ServerException e) {
        malformed = e.getMessage();
      }
      if (body.isBlank()) {
        malformed = "the body is empty";
      }
      if (parsed instanceof Map<?, ?> m && (m.get("id") instanceof String || m.get("id") instanceof Number)) {
        id = m.get("id");
      }
      version = A2aVersion.of(ctx);
      if (malformed != null) {
        throw new RpcError(PARSE_ERROR, "invalid JSON: " + malformed);
      }
      if (!(parsed instanceof Map<?, ?>)) {
        throw new RpcError(INVALID_REQUEST, "a JSON-RPC request must be an object (batches are not supported)");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) parsed;
      request = m;
      if (!"2.0".equals(request.get("jsonrpc")) || !(request.get("method") instanceof String)) {
        throw new RpcError(INVALID_REQUEST, "a JSON-RPC 2.0 request needs \"jsonrpc\": \"2.0\" and a \"method\"");
      }
      if (request.get("id") != null && id == null) {
        throw new RpcError(INVALID_REQUEST, "\"id\" must be a string or a number");
      }
      if (request.get("params") != null && !(request.get("params") instanceof Map<?, ?>)) {
        throw new RpcError(INVALID_PARAMS, "\"params\" must be an object");
      }
    } catch (RpcError e) {
      Http.json(ctx, error(version, id, e.code, e.getMessage()));
      return;
    }
    Map<String, Object> params = request.get("params") == null ? Map.of() : Json.map(request, "params");
    String method = (String) request.get("method");
    try {
      Object result = switch (version.op(method)) {
        case SEND -> send(ctx, version, assistant, params);
        case STREAM -> {
          stream(ctx, version, assistant, id, params);
          yield null;
        }
        case SUBSCRIBE -> {
          subscribe(ctx, version, assistant, id, taskId(params));
          yield null;
        }
        case GET -> out(version, tasks.get(ctx, assistant, taskId(params), historyLength(version, params)));
        case CANCEL -> out(version, tasks.cancel(ctx, version, assistant, taskId(params)));
        case LIST -> A2aV1.taskList(taskList.list(ctx, assistant, params, historyLength(version, params)));
        case PUSH -> throw new RpcError(PUSH_NOT_SUPPORTED, "push notifications are not supported");
        case EXTENDED_CARD -> throw version == A2aVersion.V1_0
            ? new RpcError(UNSUPPORTED_OPERATION, "this agent has no extended agent card")
            : new RpcError(EXTENDED_CARD_NOT_CONFIGURED, "this agent has no authenticated extended card");
      };
      if (result != null) {
        Http.json(ctx, reply(id, result));
      }
    } catch (RpcError e) {
      answerError(ctx, version, id, e.code, e.getMessage());
    } catch (ServerException e) {
      answerError(ctx, version, id, INVALID_PARAMS, e.getMessage()); // e.g. "configuration" not an object
    } catch (UncheckedIOException e) {
      throw e; // the client went away; the request log notes the abort
    } catch (RuntimeException e) {
      LOG.warn("A2A {} on {} failed", ApiException.echo(method), assistant.assistantId(), e);
      answerError(ctx, version, id, INTERNAL_ERROR, "internal error: " + e.getClass().getSimpleName());
    }
  }

  /** Answers an error: the reply, or — once a stream has begun — its last event. */
  private void answerError(Context ctx, A2aVersion version, Object id, int code, String message) {
    Map<String, Object> error = error(version, id, code, message);
    if (!ctx.res().isCommitted()) {
      Http.json(ctx, error);
      return;
    }
    try {
      OutputStream out = Sse.resume(ctx);
      out.write(("data: " + Json.write(error) + "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Map<String, Object> send(Context ctx, A2aVersion version, Assistant assistant, Map<String, Object> params) {
    Map<String, Object> message = message(version, params);
    Map<String, Object> configuration = Json.map(params, "configuration");
    boolean blocking = version == A2aVersion.V1_0
        ? !Boolean.TRUE.equals(configuration.get("returnImmediately"))
        : !(configuration.get("blocking") instanceof Boolean b) || b;
    Integer historyLength = historyLength(version, configuration);
    String runId = UUID.randomUUID().toString();
    A2aTasks.Started started;
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      started = tasks.start(ctx, version, assistant, message, runId, !blocking);
      if (blocking) {
        tasks.awaitEnd(sub, runId, () -> { });
      }
    }
    Map<String, Object> task = tasks.get(ctx, assistant, started.taskId(), historyLength);
    return version == A2aVersion.V1_0 ? A2aV1.sendResult(task) : task;
  }

  /** message/stream: the task as it starts, {@code working}, then its progress ({@link A2aProgress}). */
  private void stream(Context ctx, A2aVersion version, Assistant assistant, Object id, Map<String, Object> params) {
    Map<String, Object> message = message(version, params);
    String runId = UUID.randomUUID().toString();
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      A2aTasks.Started started = tasks.start(ctx, version, assistant, message, runId, true);
      OutputStream out = Sse.open(ctx);
      event(out, version, id, tasks.get(ctx, assistant, started.taskId(), null));
      Map<String, Object> working = new LinkedHashMap<>();
      working.put("state", "working");
      working.put("timestamp", java.time.Instant.now().toString());
      event(out, version, id, A2aProgress.statusUpdate(started, working, false));
      follow(ctx, version, assistant, id, out, sub, started);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Subscribing to a task: the task now, then — while it works — its progress. A task that has
   * ended is a 1.0 {@code UnsupportedOperationError}; 0.3 answers its last state and ends.
   */
  private void subscribe(Context ctx, A2aVersion version, Assistant assistant, Object id, String taskId) {
    Map<String, Object> task = tasks.get(ctx, assistant, taskId, null);
    String state = A2aTasks.state(task);
    boolean working = state.equals("working") || state.equals("submitted");
    if (!working && version == A2aVersion.V1_0) {
      throw new RpcError(UNSUPPORTED_OPERATION, "task " + taskId + " is " + version.state(state)
          + ": only a " + version.states("submitted", "working") + " task can be subscribed to");
    }
    String runId = (String) ((Map<?, ?>) task.get("metadata")).get("run_id");
    A2aTasks.Started started = new A2aTasks.Started(taskId, (String) task.get("contextId"), runId);
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      OutputStream out = Sse.open(ctx);
      event(out, version, id, task);
      if (working) {
        follow(ctx, version, assistant, id, out, sub, started);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void follow(Context ctx, A2aVersion version, Assistant assistant, Object id, OutputStream out,
                      EventBus.Subscription sub, A2aTasks.Started started) {
    new A2aProgress(services, started, e -> event(out, version, id, e))
        .follow(sub, () -> write(out, KEEP_ALIVE), () -> tasks.get(ctx, assistant, started.taskId(), null));
  }

  /** One stream event (a task, status-update or artifact-update in 0.3 shape), in {@code version}'s shape. */
  private static void event(OutputStream out, A2aVersion version, Object id, Map<String, Object> event) {
    Object result = version == A2aVersion.V1_0 ? A2aV1.streamEvent(event) : event;
    write(out, ("data: " + Json.write(reply(id, result)) + "\n\n").getBytes(StandardCharsets.UTF_8));
  }

  private static void write(OutputStream out, byte[] bytes) {
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object out(A2aVersion version, Map<String, Object> task) {
    return version == A2aVersion.V1_0 ? A2aV1.task(task) : task;
  }

  /** The request's user message, in the 0.3 shape the tasks read. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> message(A2aVersion version, Map<String, Object> params) {
    Object message = params.get("message");
    if (version == A2aVersion.V1_0) {
      return A2aV1.userMessage(message);
    }
    A2aParts.check(message);
    return (Map<String, Object>) message;
  }

  private static String taskId(Map<String, Object> params) {
    if (!(params.get("id") instanceof String id) || id.isBlank()) {
      throw new RpcError(INVALID_PARAMS, "params.id must be the task id");
    }
    return id;
  }

  /**
   * The history a reply keeps: the last {@code historyLength} messages, null for all. In 0.3, 0
   * (the default) means all; in 1.0 unset means all and 0 none.
   */
  private static Integer historyLength(A2aVersion version, Map<String, Object> params) {
    Object n = params.get("historyLength");
    if (n == null) {
      return null;
    }
    if (!(n instanceof Integer i) || i < 0) {
      throw new RpcError(INVALID_PARAMS, "historyLength must be a non-negative integer");
    }
    return i == 0 && version == A2aVersion.V0_3 ? null : i;
  }

  private static Map<String, Object> reply(Object id, Object result) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    m.put("result", result);
    return m;
  }

  private static Map<String, Object> error(A2aVersion version, Object id, int code, String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    if (version == A2aVersion.V1_0 && A2aV1.errorData(code) != null) {
      error.put("data", A2aV1.errorData(code));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    m.put("error", error);
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
