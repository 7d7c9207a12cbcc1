package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.langchain4j.McpTools;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code /mcp}: assistants as MCP tools, driven by a real MCP client (LangChain4j's, over streamable HTTP). */
class McpEndpointTest {
  static TrellisServer server;
  static String url;

  @BeforeAll
  static void start() {
    server = TestServers.sqlite(TestServers.tempDir());
    url = "http://127.0.0.1:" + server.port() + "/mcp";
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Tool named(List<Tool> tools, String name) {
    return tools.stream().filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no tool " + name + " in " + tools.stream().map(t -> t.spec().name()).toList()));
  }

  @Test
  void everyAssistantIsAToolWithItsGraphsInputSchema() throws Exception {
    try (McpTools mcp = McpTools.http(url)) {
      List<Tool> tools = mcp.tools();
      assertTrue(tools.stream().map(t -> t.spec().name()).toList().containsAll(List.of("approval", "chain", "nested", "slow")),
          tools.stream().map(t -> t.spec().name()).toList().toString());
      @SuppressWarnings("unchecked")
      Map<String, Object> props = (Map<String, Object>) named(tools, "chain").spec().parameters().get("properties");
      assertTrue(props.keySet().containsAll(List.of("count", "log")), props.toString());
    }
  }

  @Test
  void callingAToolRunsTheAssistantAndAnswersItsOutput() throws Exception {
    try (McpTools mcp = McpTools.http(url)) {
      String out = String.valueOf(named(mcp.tools(), "chain").call(Map.of("count", 0), null));
      Map<?, ?> values = (Map<?, ?>) HttpClientHelper.readJson(out);
      assertEquals(10, values.get("count"), out);
      assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), values.get("log"));
    }
  }

  @Test
  void aFailedRunIsAToolErrorAndCreatedAssistantsAreToolsToo() throws Exception {
    HttpClientHelper http = new HttpClientHelper(server);
    var created = http.call("POST", "/assistants", Map.of("graph_id", "chain", "name", "short-chain",
        "description", "the chain with too few steps", "config", Map.of("recursion_limit", 3)));
    assertEquals(200, created.status(), created.text());
    try (McpTools mcp = McpTools.http(url)) {
      Tool shortChain = named(mcp.tools(), "short-chain");
      assertEquals("the chain with too few steps", shortChain.spec().description());
      McpTools.McpToolException e = assertThrows(McpTools.McpToolException.class,
          () -> shortChain.call(Map.of("count", 0), null));
      assertTrue(e.getMessage().contains("recursion limit of 3"), e.getMessage());
    }
  }

  @Test
  void aTrellisAgentUsesAnotherServersAssistantAsATool() throws Exception {
    try (McpTools mcp = McpTools.http(url)) {
      ScriptedChatModel model = ScriptedChatModel.replies(
          new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "chain", Map.of("count", 5))), null),
          Message.ai("the chain counted to 15"));
      var agent = Agent.builder(model).tools(mcp.tools()).compile(CompileOptions.DEFAULT);
      List<?> messages = (List<?>) agent.invoke(Map.of("messages", List.of(Message.human("count")))).toMap().get("messages");
      Message.Tool answer = messages.stream().filter(Message.Tool.class::isInstance).map(Message.Tool.class::cast)
          .findFirst().orElseThrow();
      assertEquals(15, ((Map<?, ?>) HttpClientHelper.readJson(answer.text())).get("count"));
    }
  }

  @Test
  void protocolErrorsAndNotificationsFollowJsonRpc() {
    HttpClientHelper open = new HttpClientHelper("http://127.0.0.1:" + server.port(), Map.of("Accept", "application/json"));
    var init = open.call("POST", "/mcp", Map.of("jsonrpc", "2.0", "id", "a", "method", "initialize",
        "params", Map.of("protocolVersion", "2025-03-26")));
    assertEquals("2025-03-26", ((Map<?, ?>) init.map().get("result")).get("protocolVersion"));
    String session = init.raw().headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpClientHelper http = new HttpClientHelper("http://127.0.0.1:" + server.port(),
        Map.of("Accept", "application/json", "Mcp-Session-Id", session));
    var unknown = http.call("POST", "/mcp", Map.of("jsonrpc", "2.0", "id", 7, "method", "resources/list"));
    assertEquals(200, unknown.status());
    assertEquals(7, unknown.map().get("id"));
    assertEquals(-32601, ((Map<?, ?>) unknown.map().get("error")).get("code"));
    var noName = http.call("POST", "/mcp", Map.of("jsonrpc", "2.0", "id", 8, "method", "tools/call", "params", Map.of()));
    assertEquals(-32602, ((Map<?, ?>) noName.map().get("error")).get("code"));
    assertEquals(202, http.call("POST", "/mcp", Map.of("jsonrpc", "2.0", "method", "notifications/initialized")).status());
    assertEquals(405, http.call("GET", "/mcp", null).status());
    var noAccept = new HttpClientHelper(server).call("POST", "/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "ping"));
    assertEquals(400, noAccept.status());
    assertTrue(noAccept.get("detail").contains("Accept"));
  }
}
