package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tools of a real MCP server process (the npm reference server) used by Trellis agents, over stdio and streamable HTTP. */
class McpToolsTest {
  private static Tool named(List<Tool> tools, String name) {
    return tools.stream().filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no tool " + name + " in " + tools.stream().map(t -> t.spec().name()).toList()));
  }

  @Test
  void stdioServerToolsKeepTheirSchemaAndAnswer() throws Exception {
    try (McpTools mcp = McpTools.stdio(McpServers.stdioCommand())) {
      Tool sum = named(mcp.tools(), "get-sum");
      assertEquals("Returns the sum of two numbers", sum.spec().description());
      @SuppressWarnings("unchecked")
      Map<String, Object> props = (Map<String, Object>) sum.spec().parameters().get("properties");
      assertEquals(java.util.Set.of("a", "b"), props.keySet());
      assertTrue(String.valueOf(sum.call(Map.of("a", 2, "b", 3), null)).contains("5"));
    }
  }

  @Test
  void anAgentCallsAnMcpToolOverStdio() throws Exception {
    try (McpTools mcp = McpTools.stdio(McpServers.stdioCommand())) {
      ScriptedChatModel model = ScriptedChatModel.replies(
          new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "echo", Map.of("message", "hello mcp"))), null),
          Message.ai("done"));
      var agent = Agent.builder(model).tools(mcp.tools()).compile(CompileOptions.DEFAULT);
      State out = agent.invoke(Map.of("messages", List.of(Message.human("echo it"))));
      List<?> messages = (List<?>) out.toMap().get("messages");
      Message.Tool answer = messages.stream().filter(Message.Tool.class::isInstance).map(Message.Tool.class::cast)
          .findFirst().orElseThrow();
      assertEquals("Echo: hello mcp", answer.text());
      assertEquals("c1", answer.toolCallId());
    }
  }

  @Test
  void streamableHttpServerToolsWork() throws Exception {
    try (McpServers.Http server = McpServers.http(); McpTools mcp = McpTools.http(server.url())) {
      assertEquals("Echo: over http", named(mcp.tools(), "echo").call(Map.of("message", "over http"), null));
    }
  }

  @Test
  void argumentsTheServerRejectsAreThrownWithItsMessage() throws Exception {
    try (McpTools mcp = McpTools.stdio(McpServers.stdioCommand())) {
      Tool sum = named(mcp.tools(), "get-sum");
      McpTools.McpToolException e = assertThrows(McpTools.McpToolException.class,
          () -> sum.call(Map.of("a", "not a number", "b", 1), null));
      assertTrue(e.getMessage().contains("get-sum") && e.getMessage().contains("expected number"), e.getMessage());
    }
  }

  /** The reference server processes this JVM has started and that still run. */
  private static List<ProcessHandle> serverProcesses() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains("server-everything")).toList();
  }

  @Test
  void aStdioServerStartsAtFirstUseNotBefore() throws Exception {
    List<String> command = McpServers.stdioCommand();
    int before = serverProcesses().size();
    try (McpTools mcp = McpTools.stdio(command)) {
      assertEquals(before, serverProcesses().size(), "made, not yet used: no process");
      assertEquals("Echo: lazy", named(mcp.tools(), "echo").call(Map.of("message", "lazy"), null));
      assertEquals(before + 1, serverProcesses().size());
    }
  }

  @Test
  void aCallAfterTheServerProcessDiedStartsItAgain() throws Exception {
    List<String> command = McpServers.stdioCommand();
    List<ProcessHandle> before = serverProcesses();
    try (McpTools mcp = McpTools.stdio(command)) {
      Tool echo = named(mcp.tools(), "echo");
      assertEquals("Echo: one", echo.call(Map.of("message", "one"), null));
      ProcessHandle first = serverProcesses().stream().filter(p -> !before.contains(p)).findFirst().orElseThrow();
      first.destroyForcibly();
      first.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
      assertEquals("Echo: two", echo.call(Map.of("message", "two"), null), "the same tool, on a new process");
      assertTrue(serverProcesses().stream().anyMatch(p -> !before.contains(p) && !p.equals(first)));
    }
  }

  @Test
  void closingEndsTheServerProcess() throws Exception {
    List<ProcessHandle> before = serverProcesses();
    McpTools mcp = McpTools.stdio(McpServers.stdioCommand());
    mcp.tools();
    ProcessHandle started = serverProcesses().stream().filter(p -> !before.contains(p)).findFirst().orElseThrow();
    mcp.close();
    started.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertThrows(IllegalStateException.class, mcp::tools);
  }

  @Test
  void aCallAfterTheHttpServerRestartedConnectsAnew() throws Exception {
    McpServers.Http first = McpServers.http();
    int port = Integer.parseInt(first.url().replaceAll(".*:(\\d+)/mcp", "$1"));
    try (McpTools mcp = McpTools.http(first.url())) {
      Tool echo = named(mcp.tools(), "echo");
      assertEquals("Echo: before", echo.call(Map.of("message", "before"), null));
      first.close();
      try (McpServers.Http second = McpServers.http(port)) {
        // the new server does not know the old session: the call is sent again on a new one
        assertEquals("Echo: after", echo.call(Map.of("message", "after"), null));
      }
    }
  }
}
