package dev.trellis.server.api;

import dev.trellis.server.error.ServerException;
import dev.trellis.server.wire.Json;

import dev.trellis.server.db.Assistant;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunObservers;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /mcp}: every assistant the caller can see as a Model Context Protocol tool, over MCP's
 * streamable HTTP transport, as LangGraph's server does. Stateless and JSON-only (no session id,
 * no server-sent events): {@code initialize}, {@code ping}, {@code tools/list} (tool name = the
 * assistant's name, description = its description, input schema = its graph's input schema) and
 * {@code tools/call}, which runs the assistant on a new stateless thread with the call's arguments
 * as input and answers its output values as JSON text ({@code isError} with the error when the
 * run fails). Notifications and responses from the client are acknowledged with 202.
 */
final class McpApi {
  private static final Logger LOG = LoggerFactory.getLogger(McpApi.class);
  static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");
  private static final int METHOD_NOT_FOUND = -32601;
  private static final int INVALID_PARAMS = -32602;

  private final Services s;
  private final RunCreation creation;

  McpApi(Services s, Worker worker) {
    this.s = s;
    this.creation = new RunCreation(s, worker);
  }

  void register(RoutesConfig r) {
    r.post("/mcp", this::post);
    r.get("/mcp", ctx -> Http.json(ctx, 405, Map.of("detail", "this MCP endpoint is stateless: POST JSON-RPC messages")));
    r.delete("/mcp", ctx -> Http.json(ctx, 404, Map.of("detail", "no MCP session to end: the endpoint is stateless")));
  }

  private void post(Context ctx) {
    String accept = ctx.header("Accept");
    if (accept == null || !(accept.contains("application/json") || accept.contains("text/event-stream")
        || accept.contains("*/*"))) {
      throw new ApiException(400, "Accept must include application/json or text/event-stream");
    }
    Map<String, Object> msg = Http.body(ctx);
    if (!"2.0".equals(msg.get("jsonrpc"))) {
      throw new ApiException(400, "not a JSON-RPC 2.0 message: \"jsonrpc\" must be \"2.0\"");
    }
    Object id = msg.get("id");
    String method = Json.string(msg, "method");
    if (method == null) {
      if (id == null) {
        throw new ApiException(400, "a JSON-RPC message needs a \"method\" (request, notification) or an \"id\" (response)");
      }
      ctx.status(202);
      return;
    }
    if (id == null) {
      ctx.status(202); // a notification, e.g. notifications/initialized: nothing to answer
      return;
    }
    Map<String, Object> params = Json.map(msg, "params");
    Map<String, Object> reply = new LinkedHashMap<>();
    reply.put("jsonrpc", "2.0");
    reply.put("id", id);
    try {
      reply.put("result", switch (method) {
        case "initialize" -> initialize(params);
        case "ping" -> Map.of();
        case "tools/list" -> Map.of("tools", tools(Http.owner(ctx)));
        case "tools/call" -> call(ctx, params);
        default -> throw new RpcError(METHOD_NOT_FOUND, "method not found: " + method);
      });
    } catch (RpcError e) {
      reply.put("error", Map.of("code", e.code, "message", e.getMessage()));
    }
    Http.json(ctx, reply);
  }

  private static Map<String, Object> initialize(Map<String, Object> params) {
    String asked = Json.string(params, "protocolVersion");
    return Map.of(
        "protocolVersion", PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.getFirst(),
        "capabilities", Map.of("tools", Map.of("listChanged", false)),
        "serverInfo", Map.of("name", "Trellis", "version", "0.1.0"));
  }

  /** One tool per visible assistant, named after it; a later assistant with a taken name is left out. */
  private List<Map<String, Object>> tools(String owner) {
    List<Map<String, Object>> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Assistant a : s.db().tx(c -> s.assistants().visible(c, owner))) {
      String name = String.valueOf(a.name());
      if (!names.add(name)) {
        LOG.warn("MCP: assistant {} is not listed: its name \"{}\" is taken by another assistant", a.assistantId(), name);
        continue;
      }
      String graphId = a.graphId();
      if (!s.graphs().containsKey(graphId)) {
        continue;
      }
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("name", name);
      tool.put("description", a.description() == null ? "" : a.description());
      tool.put("inputSchema", GraphSchemas.of(graphId, s.graph(graphId).signature()).get("input_schema"));
      out.add(tool);
    }
    return out;
  }

  private Map<String, Object> call(Context ctx, Map<String, Object> params) {
    String name = Json.string(params, "name");
    if (name == null) {
      throw new RpcError(INVALID_PARAMS, "tools/call needs the tool's \"name\"");
    }
    String owner = Http.owner(ctx);
    List<Assistant> matching = s.db().tx(c -> s.assistants().visible(c, owner)).stream()
        .filter(a -> name.equals(a.name())).toList();
    if (matching.isEmpty()) {
      throw new RpcError(INVALID_PARAMS, "unknown tool: " + name);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("assistant_id", matching.getFirst().assistantId());
    body.put("input", Json.map(params, "arguments"));
    Map<String, String> trace = RunObservers.traceHeaders(ctx::header);
    if (!trace.isEmpty()) {
      body.put(RunObservers.TRACE_CONTEXT, trace);
    }
    String runId = UUID.randomUUID().toString();
    Object result;
    try (EventBus.Subscription sub = s.bus().subscribe(runId, 0)) {
      creation.submit(owner, null, body, runId);
      result = awaitResult(sub, runId);
    } catch (ServerException e) {
      return toolError(e.getMessage());
    }
    if (result instanceof Map<?, ?> m && m.get("__error__") instanceof Map<?, ?> error) {
      return toolError(String.valueOf(error.get("message") != null ? error.get("message") : error));
    }
    return Map.of("content", List.of(Map.of("type", "text", "text", Json.write(result))), "isError", false);
  }

  private static Map<String, Object> toolError(String message) {
    return Map.of("content", List.of(Map.of("type", "text", "text", message)), "isError", true);
  }

  /** The run's result: its done event's data, or the stored result once the run has ended. */
  private Object awaitResult(EventBus.Subscription sub, String runId) {
    try {
      while (true) {
        RunEvent e = sub.next(5_000);
        if (e != null && e.done()) {
          return e.data() == null ? Map.of() : Json.read(e.data());
        }
        if (e == null) {
          RunStatus status = s.runs().status(runId);
          Object stored = status == null ? null : s.runs().result(runId);
          if (status == null || (status.terminal() && stored != null)) {
            return stored == null ? Map.of() : stored instanceof String text ? Json.read(text) : stored;
          }
        }
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new ApiException(503, "interrupted while waiting for the run");
    }
  }

  /** A JSON-RPC error answered in the reply (HTTP 200), as MCP wants for protocol-level failures. */
  private static final class RpcError extends RuntimeException {
    final int code;

    RpcError(int code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }
}
