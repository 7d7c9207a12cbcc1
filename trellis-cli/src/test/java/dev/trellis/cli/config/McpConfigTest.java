package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP servers a trellis.json names, their tools given to served graphs: the reference server from
 * npm ({@code @modelcontextprotocol/server-everything}, pinned in src/test/js) over stdio, driven
 * through a served graph's run, and over streamable HTTP with headers; a server that cannot start
 * is a warning, not a failed start.
 */
class McpConfigTest {
  static final Path JS = Path.of("src/test/js");
  static final Path EVERYTHING = JS.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");

  @TempDir
  Path dir;

  @BeforeAll
  static void npmCi() throws IOException, InterruptedException {
    if (Files.isRegularFile(EVERYTHING)) {
      return;
    }
    Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(JS.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "npm ci failed:\n" + out);
  }

  /** The reference server processes this JVM started that still run. */
  private static List<ProcessHandle> serverProcesses() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains("server-everything")).toList();
  }

  private String config() {
    return """
        {"mcp_servers": {
           "everything": {"transport": "stdio", "command": "node", "args": ["%s", "stdio"]},
           "missing": {"command": "%s"}},
         "graphs": {
           "echo": {"path": "dev.trellis.cli.DemoAgent#mcpEcho",
                    "description": "Echoes what you write through an MCP tool.",
                    "mcp_servers": ["missing", "everything"]},
           "names": {"path": "dev.trellis.cli.config.fixtures.McpAgents$ToolNames", "mcp_servers": ["everything"]},
           "plain": "dev.trellis.cli.config.fixtures.Greetings#hello"}}"""
        .formatted(EVERYTHING.toAbsolutePath(), dir.resolve("no-such-mcp-server"));
  }

  @Test
  void servedGraphsGetTheToolsOfTheirMcpServersAndADeadServerIsStartedAgain() throws Exception {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, config());
    TrellisConfig c = TrellisConfig.read(file);
    List<String> warnings = new CopyOnWriteArrayList<>();
    List<ProcessHandle> before = serverProcesses();
    ServedGraphs served = ServedGraphs.resolve(c, getClass().getClassLoader(), "trellis.json", warnings::add);
    assertEquals(before, serverProcesses(), "no server starts before a graph that uses it is built");
    try (TrellisServer server = served.applyTo(TrellisServer.builder().host("127.0.0.1").port(0)
        .sqlite(dir.resolve("t.db"))).start()) {
      assertEquals(1, warnings.size(), "one line for the server that cannot start: " + warnings);
      assertTrue(warnings.getFirst().contains("\"missing\"") && warnings.getFirst().contains("no-such-mcp-server")
          && warnings.getFirst().contains("\"echo\""), warnings.getFirst());
      Http http = new Http(server.port());

      assertEquals("The MCP tool says: Echo: hello mcp", lastMessage(http.runWait("echo", chat("hello mcp"))));
      List<?> names = (List<?>) http.runWait("names", Map.of()).get("tools");
      assertTrue(names.containsAll(List.of("echo", "get-sum")), "the provider's AppContext gave it the tools: " + names);

      List<ProcessHandle> started = new ArrayList<>(serverProcesses());
      started.removeAll(before);
      assertEquals(1, started.size(), "one process for the server both graphs use: " + started);
      started.getFirst().destroyForcibly();
      started.getFirst().onExit().get(60, TimeUnit.SECONDS);
      assertEquals("The MCP tool says: Echo: after a crash", lastMessage(http.runWait("echo", chat("after a crash"))));

      Map<String, Object> assistant = (Map<String, Object>) http.send("GET", "/assistants/echo", null).json();
      assertEquals("Echoes what you write through an MCP tool.", assistant.get("description"));
    } finally {
      served.close();
    }
    for (ProcessHandle p : serverProcesses()) {
      assertTrue(before.contains(p), "closing ended every MCP server process it started: " + p.info());
    }
  }

  @Test
  void aStreamableHttpServerGivesItsToolsToo() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    ProcessBuilder pb = new ProcessBuilder("node", EVERYTHING.toAbsolutePath().toString(), "streamableHttp")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PORT", Integer.toString(port));
    Process node = pb.start();
    try {
      awaitListening(node, port);
      Path file = dir.resolve("trellis.json");
      Files.writeString(file, """
          {"mcp_servers": {"remote": {"transport": "streamable_http", "url": "http://127.0.0.1:%d/mcp",
                                      "headers": {"X-Trellis-Test": "yes"}}},
           "graphs": {"names": {"path": "dev.trellis.cli.config.fixtures.McpAgents$ToolNames", "mcp_servers": ["remote"]}}}"""
          .formatted(port));
      TrellisConfig c = TrellisConfig.read(file);
      assertEquals(Map.of("X-Trellis-Test", "yes"), c.mcpServers().get("remote").headers());
      List<String> warnings = new CopyOnWriteArrayList<>();
      try (ServedGraphs served = ServedGraphs.resolve(c, getClass().getClassLoader(), "trellis.json", warnings::add);
           TrellisServer server = served.applyTo(TrellisServer.builder().host("127.0.0.1").port(0)
               .sqlite(dir.resolve("h.db"))).start()) {
        assertEquals(List.of(), warnings);
        List<?> names = (List<?>) new Http(server.port()).runWait("names", Map.of()).get("tools");
        assertTrue(names.containsAll(List.of("echo", "get-sum")), names.toString());
      }
    } finally {
      node.destroy();
      node.waitFor(60, TimeUnit.SECONDS);
    }
  }

  /** Waits until the child process listens on {@code port} (it binds it after starting). */
  private static void awaitListening(Process p, int port) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
        return;
      } catch (IOException notYet) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          throw new AssertionError("the MCP server did not listen on port " + port, notYet);
        }
        Thread.sleep(50); // waiting for a child process to bind its port, not for a clock
      }
    }
  }

  @Test
  void aGraphNamingAnUnknownMcpServerIsAConfigError() throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, """
        {"mcp_servers": {"fs": {"url": "ftp://nope"}},
         "graphs": {"a": {"path": "dev.trellis.cli.config.fixtures.Greetings#hello", "mcp_servers": ["ghost"]}}}""");
    ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class, () -> TrellisConfig.read(file));
    assertTrue(e.getMessage().contains("graphs.a.mcp_servers: no MCP server \"ghost\""), e.getMessage());
    assertTrue(e.getMessage().contains("mcp_servers.fs.url"), e.getMessage());
  }

  private static Map<String, Object> chat(String text) {
    return Map.of("messages", List.of(Map.of("role", "user", "content", text)));
  }

  private static String lastMessage(Map<String, Object> values) {
    List<?> messages = (List<?>) values.get("messages");
    return String.valueOf(((Map<?, ?>) messages.getLast()).get("content"));
  }
}
