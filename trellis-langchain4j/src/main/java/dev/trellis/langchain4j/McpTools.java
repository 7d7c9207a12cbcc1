package dev.trellis.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.mcp.client.DefaultMcpClient;
import dev.langchain4j.mcp.client.McpClient;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.mcp.client.transport.http.StreamableHttpMcpTransport;
import dev.langchain4j.mcp.client.transport.stdio.StdioMcpTransport;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tools of a Model Context Protocol server as Trellis tools, for any agent
 * ({@code Agent.builder(model).tools(mcp.tools())}), through LangChain4j's MCP client: a local
 * server started as a process speaking over stdio, or a remote one over streamable HTTP.
 * Each tool keeps the server's name, description and JSON input schema; a call sends the
 * model's arguments and returns the server's text result; a result the server marks as an
 * error, or a protocol error (arguments its schema rejects), is thrown as {@link McpToolException} (the agent's tool error handling then shows it
 * to the model).
 *
 * <pre>{@code
 * try (McpTools fs = McpTools.stdio(List.of("npx", "-y", "@modelcontextprotocol/server-filesystem", "/data"))) {
 *   var agent = Agent.builder(model).tools(fs.tools()).compile(options);
 * }
 * }</pre>
 *
 * <p>A server made by {@link #stdio} or {@link #http} connects lazily — at the first
 * {@link #tools()} or call, not when this is made — and reconnects: a call that finds the server
 * process dead starts it again first, and a call that fails on its connection (a restarted HTTP
 * server that forgot the session, a refused connection) drops it and is sent once more on a new
 * connection — so a tool whose server ran it but whose answer was lost in transit may run twice.
 * A client given to {@link #of(McpClient)} is used as is.
 *
 * <p>Thread-safe (tool calls of one step may run at once). Close it to end the server process
 * or HTTP session; tools used after that fail.
 */
public final class McpTools implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Makes a transport for a new connection; null for a client given as is. */
  private final java.util.function.Supplier<McpTransport> transports;
  private McpClient client;
  private McpTransport transport;
  private boolean closed;

  private McpTools(java.util.function.Supplier<McpTransport> transports, McpClient client) {
    this.transports = transports;
    this.client = client;
  }

  /** Starts {@code command} (e.g. {@code npx -y @modelcontextprotocol/server-everything}) and talks to it over stdio. */
  public static McpTools stdio(List<String> command) {
    return stdio(command, Map.of());
  }

  /** {@link #stdio(List)} with extra environment variables for the process. */
  public static McpTools stdio(List<String> command, Map<String, String> environment) {
    List<String> cmd = List.copyOf(command);
    Map<String, String> env = Map.copyOf(environment);
    return new McpTools(() -> new StdioMcpTransport.Builder().command(cmd).environment(env).build(), null);
  }

  /** A server at {@code url} (its MCP endpoint, e.g. {@code http://host:2024/mcp}) over streamable HTTP. */
  public static McpTools http(String url) {
    return http(url, Map.of());
  }

  /** {@link #http(String)} sending {@code headers} (e.g. {@code x-api-key}) with every request. */
  public static McpTools http(String url, Map<String, String> headers) {
    Map<String, String> h = Map.copyOf(headers);
    return new McpTools(() -> new StreamableHttpMcpTransport.Builder().url(url).customHeaders(h)
        .timeout(Duration.ofMinutes(5)).build(), null);
  }

  /** Over any LangChain4j transport (WebSocket, a configured HTTP transport...), connected now, never anew. */
  public static McpTools of(McpTransport transport) {
    return of(client(transport));
  }

  /** Around a LangChain4j MCP client you built; closing this closes it. */
  public static McpTools of(McpClient client) {
    return new McpTools(null, java.util.Objects.requireNonNull(client, "client"));
  }

  private static McpClient client(McpTransport transport) {
    return new DefaultMcpClient.Builder().transport(transport).clientName("trellis")
        .toolExecutionTimeout(Duration.ofMinutes(5)).build();
  }

  /**
   * The server's tools now (asks the server each time: servers may change their list); connects
   * first when not connected.
   *
   * @throws RuntimeException the server cannot be reached or started (LangChain4j's exception)
   */
  public List<Tool> tools() {
    List<ToolSpecification> specs;
    McpClient c = client();
    try {
      specs = c.listTools();
    } catch (RuntimeException e) {
      dropped(c);
      throw e;
    }
    List<Tool> out = new ArrayList<>();
    for (ToolSpecification spec : specs) {
      out.add(tool(spec));
    }
    return out;
  }

  /** The connected client: connects when there is none, and again when the server process has died. */
  private synchronized McpClient client() {
    if (closed) {
      throw new IllegalStateException("these MCP tools are closed");
    }
    if (client != null && transport != null) {
      try {
        transport.checkHealth(); // a stdio server's process alive; nothing to check over HTTP
      } catch (RuntimeException dead) {
        closeQuietly(client, transport);
        client = null;
      }
    }
    if (client == null) {
      McpTransport t = transports.get();
      client = client(t); // initialises the session: starts the process or opens the HTTP session
      transport = t;
    }
    return client;
  }

  /** After {@code failed} failed on its connection: the next use connects anew (never for a client given as is). */
  private synchronized void dropped(McpClient failed) {
    if (transports != null && client == failed) {
      closeQuietly(client, transport);
      client = null;
    }
  }

  private static void closeQuietly(McpClient c, McpTransport t) {
    try {
      c.close();
    } catch (Exception ignored) {
      // the connection is already broken
    }
    awaitExit(t);
  }

  /**
   * Waits for a stdio server's process to end after its client closed (LangChain4j only asks it to
   * end), and kills it if it has not within five seconds: closing leaves no server process behind.
   */
  private static void awaitExit(McpTransport t) {
    if (!(t instanceof StdioMcpTransport stdio) || stdio.getProcess() == null) {
      return;
    }
    Process p = stdio.getProcess();
    try {
      if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private Tool tool(ToolSpecification spec) {
    Map<String, Object> schema = spec.parameters() == null
        ? new LinkedHashMap<>(Map.of("type", "object", "properties", Map.of()))
        : JsonSchemaElements.toMap(spec.parameters());
    String name = spec.name();
    return Tool.of(new ToolSpec(name, spec.description() == null ? "" : spec.description(), schema), (args, ctx) -> {
      ToolExecutionRequest request = ToolExecutionRequest.builder()
          .id(ctx == null || ctx.call() == null ? null : ctx.call().id())
          .name(name).arguments(json(args)).build();
      ToolExecutionResult result;
      try {
        result = execute(request);
      } catch (ConnectionFailed first) {
        if (transports == null) {
          throw new McpToolException(name, first.getCause().getMessage());
        }
        try {
          result = execute(request); // once more, on a new connection (a restarted server forgot the session)
        } catch (ConnectionFailed again) {
          throw new McpToolException(name, again.getCause().getMessage());
        }
      }
      if (result.isError()) {
        throw new McpToolException(name, result.resultText());
      }
      return result.resultText();
    });
  }

  /** Runs one call; a failure of the connection (not an answer of the server) drops it and is {@link ConnectionFailed}. */
  private ToolExecutionResult execute(ToolExecutionRequest request) {
    McpClient c = client();
    try {
      return c.executeTool(request);
    } catch (dev.langchain4j.exception.ToolExecutionException e) {
      if (e.getCause() == null) {
        throw new McpToolException(request.name(), e.getMessage()); // the server's error, e.g. arguments its schema rejects
      }
      dropped(c); // LangChain4j wraps the transport's failure: the next call connects anew
      throw new ConnectionFailed(e);
    } catch (RuntimeException e) {
      dropped(c);
      throw new ConnectionFailed(e);
    }
  }

  /** A call that failed on its connection. */
  private static final class ConnectionFailed extends RuntimeException {
    ConnectionFailed(Throwable cause) {
      super(cause);
    }
  }

  private static String json(Map<String, Object> args) {
    try {
      return JSON.writeValueAsString(args == null ? Map.of() : args);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("tool arguments are not JSON: " + e.getOriginalMessage(), e);
    }
  }

  @Override
  public synchronized void close() throws Exception {
    closed = true;
    if (client != null) {
      try {
        client.close();
      } finally {
        awaitExit(transport);
        client = null;
      }
    }
  }

  /** An MCP tool answered with an error result. */
  public static final class McpToolException extends RuntimeException {
    public McpToolException(String tool, String message) {
      super("MCP tool \"" + tool + "\" failed: " + message);
    }
  }
}
