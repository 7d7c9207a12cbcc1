package dev.trellis.server.api;

import dev.trellis.server.db.McpSessions;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
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

/**
 * {@code /mcp}: every assistant the caller can see as a Model Context Protocol tool (see
 * {@link AssistantTools}), over MCP's streamable HTTP transport (protocol 2025-06-18, also
 * 2025-03-26 and 2024-11-05), as LangGraph's server offers.
 *
 * <ul>
 *   <li>{@code POST /mcp} takes one JSON-RPC message. {@code initialize} opens a session: its reply
 *       carries {@code Mcp-Session-Id}, which every later message must send (missing: 400; unknown,
 *       ended, idle for a day or another user's: 404, and the client initializes again). A
 *       notification or a response is acknowledged with 202. A request is answered with its
 *       JSON-RPC response: {@code tools/call} as an event stream ({@code text/event-stream}, one
 *       {@code message} event, {@code : heartbeat} comments while the run works) when the client
 *       accepts one, everything else as {@code application/json} unless the client accepts only
 *       event streams. A {@code MCP-Protocol-Version} header naming a version this server does not
 *       speak is refused with 400.</li>
 *   <li>{@code GET /mcp} answers 405: the server never sends messages of its own (its tool list
 *       does not announce changes), so it offers no stream to listen on — as the spec allows.</li>
 *   <li>{@code DELETE /mcp} with the session header ends the session (204; unknown: 404).</li>
 * </ul>
 * Sessions live in the server's database ({@link McpSessions}): any process sharing it accepts them.
 */
final class McpApi {
  static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");
  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String VERSION_HEADER = "MCP-Protocol-Version";
  private static final int METHOD_NOT_FOUND = -32601;
  private static final byte[] HEARTBEAT = ": heartbeat\n".getBytes(StandardCharsets.UTF_8);

  private final AssistantTools tools;
  private final McpSessions sessions;

  McpApi(Services services, Worker worker, Sse sse) {
    this.tools = new AssistantTools(services, worker, sse.keepAliveMillis());
    this.sessions = new McpSessions(services.db());
  }

  void register(RoutesConfig r) {
    r.post("/mcp", this::post);
    r.get("/mcp", ctx -> {
      ctx.header("Allow", "POST, DELETE");
      Http.json(ctx, 405, Map.of("detail", "this MCP server sends no messages of its own, so it has no stream to"
          + " listen on: POST JSON-RPC messages"));
    });
    r.delete("/mcp", this::delete);
  }

  private void post(Context ctx) {
    String accept = String.valueOf(ctx.header("Accept"));
    boolean acceptsJson = accept.contains("application/json") || accept.contains("*/*");
    boolean acceptsStream = accept.contains("text/event-stream");
    if (!acceptsJson && !acceptsStream) {
      throw new ApiException(400, "Accept must include application/json or text/event-stream");
    }
    checkVersionHeader(ctx);
    Map<String, Object> msg = Http.body(ctx);
    if (!"2.0".equals(msg.get("jsonrpc"))) {
      throw new ApiException(400, "not a JSON-RPC 2.0 message: \"jsonrpc\" must be \"2.0\"");
    }
    Object id = msg.get("id");
    String method = Json.string(msg, "method");
    if (method == null && id == null) {
      throw new ApiException(400, "a JSON-RPC message needs a \"method\" (request, notification) or an \"id\" (response)");
    }
    String owner = Http.owner(ctx);
    Map<String, Object> params = Json.map(msg, "params");
    if ("initialize".equals(method)) {
      if (id == null) {
        throw new ApiException(400, "initialize is a request: it needs an \"id\"");
      }
      if (!(msg.get("params") instanceof Map<?, ?>)) {
        throw new ApiException(400, "initialize needs \"params\" with the client's \"protocolVersion\"");
      }
      String version = negotiate(Json.string(params, "protocolVersion"));
      ctx.header(SESSION_HEADER, sessions.open(owner, version));
      Map<String, Object> result = Map.of("protocolVersion", version,
          "capabilities", Map.of("tools", Map.of("listChanged", false)),
          "serverInfo", Map.of("name", "Trellis", "version", "0.1.0"));
      Http.json(ctx, reply(id, result, null));
      return;
    }
    requireSession(ctx, owner);
    if (method == null || id == null) {
      ctx.status(202); // a response to us (we send no requests) or a notification such as notifications/initialized
      return;
    }
    boolean stream = acceptsStream && (!acceptsJson || method.equals("tools/call"));
    EventReply events = stream ? new EventReply(ctx) : null;
    Map<String, Object> out;
    try {
      out = reply(id, switch (method) {
        case "ping" -> Map.of();
        case "tools/list" -> Map.of("tools", tools.list(owner));
        case "tools/call" -> tools.call(ctx, params, events != null ? events::heartbeat : () -> { });
        default -> throw new RpcError(METHOD_NOT_FOUND, "method not found: " + method);
      }, null);
    } catch (RpcError e) {
      out = reply(id, null, Map.of("code", e.code, "message", e.getMessage()));
    }
    if (events != null) {
      events.message(out);
    } else {
      Http.json(ctx, out);
    }
  }

  private void delete(Context ctx) {
    String id = ctx.header(SESSION_HEADER);
    if (id == null || id.isBlank()) {
      throw new ApiException(400, "DELETE /mcp ends a session: send its " + SESSION_HEADER + " header");
    }
    if (!sessions.end(id, Http.owner(ctx))) {
      throw new ApiException(404, "no MCP session " + ApiException.echo(id) + " (ended, expired or never opened)");
    }
    ctx.status(204);
  }

  private McpSessions.Session requireSession(Context ctx, String owner) {
    String id = ctx.header(SESSION_HEADER);
    if (id == null || id.isBlank()) {
      throw new ApiException(400, "send the " + SESSION_HEADER + " header the initialize reply gave you"
          + " (or initialize first)");
    }
    McpSessions.Session session = sessions.use(id, owner);
    if (session == null) {
      throw new ApiException(404, "no MCP session " + ApiException.echo(id)
          + " (ended, expired or never opened): initialize a new one");
    }
    return session;
  }

  private static void checkVersionHeader(Context ctx) {
    String v = ctx.header(VERSION_HEADER);
    if (v != null && !PROTOCOL_VERSIONS.contains(v)) {
      throw new ApiException(400, "unsupported " + VERSION_HEADER + " " + ApiException.echo(v) + " (supported: "
          + String.join(", ", PROTOCOL_VERSIONS) + ")");
    }
  }

  /** The client's version when this server speaks it, else this server's latest (the client then decides). */
  private static String negotiate(String asked) {
    return asked != null && PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.getFirst();
  }

  private static Map<String, Object> reply(Object id, Object result, Object error) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    if (error != null) {
      m.put("error", error);
    } else {
      m.put("result", result);
    }
    return m;
  }

  /** A reply as an event stream, opened at the first write: heartbeats while waiting, then the one message. */
  private static final class EventReply {
    private final Context ctx;
    private OutputStream out;

    EventReply(Context ctx) {
      this.ctx = ctx;
    }

    void heartbeat() {
      write(HEARTBEAT);
    }

    void message(Map<String, Object> reply) {
      write(("event: message\ndata: " + Json.write(reply) + "\n\n").getBytes(StandardCharsets.UTF_8));
    }

    private void write(byte[] bytes) {
      try {
        if (out == null) {
          out = Sse.open(ctx);
        }
        out.write(bytes);
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e); // the client went away; the request log notes the abort
      }
    }
  }

  /** A JSON-RPC error answered in the reply (HTTP 200), as MCP wants for protocol-level failures. */
  static final class RpcError extends RuntimeException {
    final int code;

    RpcError(int code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }
}
