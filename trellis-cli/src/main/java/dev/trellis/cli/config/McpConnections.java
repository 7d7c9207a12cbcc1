package dev.trellis.cli.config;

import dev.trellis.agent.tool.Tool;
import dev.trellis.langchain4j.McpTools;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The MCP servers a config names ({@code mcp_servers}), each an {@link McpTools} that connects at
 * its first use — when a graph that gets its tools is built — and again after its process died or
 * its connection failed. A server that cannot be reached when a graph is built is one warning line
 * (the graphs that use it are served without its tools), not a failed start. {@link #close} ends
 * every server process and session. Thread-safe.
 */
final class McpConnections implements AutoCloseable {
  private final Map<String, TrellisConfig.McpServer> servers;
  private final Map<String, McpTools> open = new LinkedHashMap<>();
  private final Set<String> unavailable = new HashSet<>();
  private final Consumer<String> warnings;

  McpConnections(Map<String, TrellisConfig.McpServer> servers, Consumer<String> warnings) {
    this.servers = Map.copyOf(servers);
    this.warnings = warnings;
  }

  /** The tools of {@code names} for {@code graphId}, in order; a server that cannot be reached is warned about once and left out. */
  synchronized List<Tool> tools(String graphId, List<String> names) {
    List<Tool> out = new ArrayList<>();
    for (String name : names) {
      if (unavailable.contains(name)) {
        continue;
      }
      TrellisConfig.McpServer server = servers.get(name);
      McpTools mcp = open.computeIfAbsent(name, n -> server.transport().equals("stdio")
          ? McpTools.stdio(server.command(), server.env()) : McpTools.http(server.url(), server.headers()));
      try {
        out.addAll(mcp.tools());
      } catch (RuntimeException e) {
        unavailable.add(name);
        warnings.accept("warning: MCP server \"" + name + "\" (" + server.where() + ") is unavailable: " + reason(e)
            + "; graph \"" + graphId + "\" (and any other using it) is served without its tools");
      }
    }
    return out;
  }

  /** The innermost cause of {@code e} with a message ({@code Type: message}), and the innermost cause's type when it has none. */
  private static String reason(Throwable e) {
    Throwable deepest = e;
    String said = null;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      deepest = t;
      String message = t.getMessage() == null ? "" : t.getMessage().lines().findFirst().orElse("").strip();
      if (!message.isEmpty()) {
        said = t.getClass().getSimpleName() + ": " + message;
      }
    }
    String root = deepest.getClass().getSimpleName();
    if (said == null) {
      return root;
    }
    return deepest.getMessage() == null || deepest.getMessage().isBlank() ? said + " (" + root + ")" : said;
  }

  @Override
  public synchronized void close() {
    for (McpTools mcp : open.values()) {
      try {
        mcp.close();
      } catch (Exception e) {
        warnings.accept("warning: closing an MCP server failed: " + reason(e));
      }
    }
    open.clear();
  }
}
