package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.sun.net.httpserver.HttpServer;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.langchain4j.LangChain4jChatModel;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A whole execution with the model behind an OpenAI-compatible chat-completions server (started
 * here on port 0, recording request bodies): every LLM call goes through LangChain4j, streamed,
 * with the visible tools; tool calls come back and run; the reported usage is what the budget
 * charges. The server answers as the offline planner would, so the filing is the same.
 */
class ModelPathTest {
  final Fixture f = new Fixture();
  final List<Map<String, Object>> bodies = new CopyOnWriteArrayList<>();
  final HttpServer server;
  long reportedTokens;

  ModelPathTest() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/chat/completions", ex -> {
      Map<String, Object> body = Http.JSON.readValue(ex.getRequestBody(), new TypeReference<>() {});
      bodies.add(body);
      byte[] out = reply(body).getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", Boolean.TRUE.equals(body.get("stream")) ? "text/event-stream" : "application/json");
      ex.sendResponseHeaders(200, out.length);
      ex.getResponseBody().write(out);
      ex.close();
    });
    server.start();
  }

  @AfterEach
  void close() {
    server.stop(0);
    f.close();
  }

  @SuppressWarnings("unchecked")
  private synchronized String reply(Map<String, Object> body) throws java.io.IOException {
    List<ToolSpec> tools = new ArrayList<>();
    for (Map<String, Object> t : (List<Map<String, Object>>) body.getOrDefault("tools", List.of())) {
      Map<String, Object> fn = (Map<String, Object>) t.get("function");
      tools.add(new ToolSpec((String) fn.get("name"), (String) fn.get("description"), null));
    }
    List<Map<String, Object>> messages = new ArrayList<>();
    for (Map<String, Object> m : (List<Map<String, Object>>) body.get("messages")) {
      Map<String, Object> plain = new LinkedHashMap<>(m);
      if (m.get("content") instanceof List<?> parts) {   // content parts (a cache breakpoint): the text, as a string
        plain.put("content", String.join("", parts.stream().map(p -> (String) ((Map<?, ?>) p).get("text")).toList()));
      }
      messages.add(plain);
    }
    Message.Ai ai = new PlannerModel().chat(new ChatRequest(messages.stream().map(MessageWire::from).toList(), tools));
    reportedTokens += ai.usage().total();
    Map<String, Object> usage = Map.of("prompt_tokens", ai.usage().inputTokens(), "completion_tokens", ai.usage().outputTokens(),
        "total_tokens", ai.usage().total());
    List<Map<String, Object>> calls = new ArrayList<>();
    for (int i = 0; i < ai.toolCalls().size(); i++) {
      Message.ToolCall c = ai.toolCalls().get(i);
      calls.add(Map.of("index", i, "id", c.id(), "type", "function",
          "function", Map.of("name", c.name(), "arguments", Msgs.json(c.args()))));
    }
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("role", "assistant");
    message.put("content", ai.text().isEmpty() ? null : ai.text());
    if (!calls.isEmpty()) {
      message.put("tool_calls", calls);
    }
    String finish = calls.isEmpty() ? "stop" : "tool_calls";
    if (!Boolean.TRUE.equals(body.get("stream"))) {
      return Msgs.json(Map.of("id", "c", "object", "chat.completion", "model", "m", "usage", usage,
          "choices", List.of(Map.of("index", 0, "message", message, "finish_reason", finish))));
    }
    StringBuilder sse = new StringBuilder();
    if (!ai.text().isEmpty()) {
      int half = ai.text().length() / 2;
      for (String piece : List.of(ai.text().substring(0, half), ai.text().substring(half))) {
        sse.append(chunk(Map.of("role", "assistant", "content", piece), null, null));
      }
    }
    if (!calls.isEmpty()) {
      sse.append(chunk(Map.of("role", "assistant", "tool_calls", calls), null, null));
    }
    sse.append(chunk(Map.of(), finish, null)).append(chunk(null, null, usage)).append("data: [DONE]\n\n");
    return sse.toString();
  }

  private static String chunk(Map<String, Object> delta, String finish, Map<String, Object> usage) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("id", "c");
    c.put("object", "chat.completion.chunk");
    c.put("model", "m");
    if (delta != null) {
      Map<String, Object> choice = new LinkedHashMap<>();
      choice.put("index", 0);
      choice.put("delta", delta);
      choice.put("finish_reason", finish);
      c.put("choices", List.of(choice));
    } else {
      c.put("choices", List.of());
      c.put("usage", usage);
    }
    return "data: " + Msgs.json(c) + "\n\n";
  }

  @Test
  @SuppressWarnings("unchecked")
  void aRule32FilingRunsEveryLlmCallThroughTheServerWithToolsStreamingAndUsage() {
    String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    var graph = f.graph(LangChain4jChatModel.openAi(base, "gpt-4o", "test-key"));
    graph.invoke(Fixture.input("rule_32", "Prepare the Rule 32 flaring filing for Coyote Draw 4H"), Fixture.thread("lc1"));
    Map<String, Object> s = f.state("lc1");
    assertEquals("awaiting_hitl", s.get("status"), String.valueOf(s.get("error")));
    assertEquals("pre_filing", s.get("hitl_checkpoint_type"));
    List<String> toolsRun = HumanApprovalTest.messages(s).stream().filter(m -> "tool".equals(m.get("type")))
        .map(m -> (String) m.get("name")).toList();
    assertEquals(List.of("entity_resolve", "context_assemble", "flaring_volume_calc", "gas_analysis", "emissions_estimate",
        "rule32_filing_assembly"), toolsRun);
    assertEquals(8, bodies.size(), "two tool rounds, the skill selection, four tool rounds and the answer");
    for (Map<String, Object> b : bodies) {
      assertEquals("gpt-4o", b.get("model"));
      assertEquals(Boolean.TRUE, b.get("stream"));
      List<String> offered = ((List<Map<String, Object>>) b.get("tools")).stream()
          .map(t -> (String) ((Map<String, Object>) t.get("function")).get("name")).toList();
      assertTrue(offered.containsAll(List.of("entity_resolve", "context_assemble", "rule32_filing_assembly")), offered.toString());
      assertEquals("system", ((List<Map<String, Object>>) b.get("messages")).getFirst().get("role"));
    }
    assertEquals(reportedTokens, ((Number) s.get("tokens_used")).longValue(), "the usage the server reported is charged");
    assertTrue((Double) s.get("cost_usd") > 0);
    String answer = Wire.lastAiText(HumanApprovalTest.messages(s));
    assertTrue(answer.startsWith("Form R-32 package R32-42-389-20001") && !answer.contains("SKILL_SELECT"), answer);
  }

  @Test
  @SuppressWarnings("unchecked")
  void theBasePromptReachesTheServerAsACacheablePrefixWhenCachingIsExplicit() {
    String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    var graph = f.graph(LangChain4jChatModel.openAi(base, "claude-sonnet", "test-key", true));
    graph.invoke(Fixture.input("rule_32", "Prepare the Rule 32 flaring filing for Coyote Draw 4H"), Fixture.thread("lc2"));
    Map<String, Object> s = f.state("lc2");
    assertEquals("awaiting_hitl", s.get("status"), "the same execution as without caching");
    String prefix = String.valueOf(HumanApprovalTest.messages(s).getFirst().get("content"));
    assertEquals(8, bodies.size());
    for (Map<String, Object> b : bodies) {
      assertEquals("claude-sonnet", b.get("model"), "the deployment's model when the request names none");
      List<Map<String, Object>> messages = (List<Map<String, Object>>) b.get("messages");
      assertEquals(List.of(Map.of("type", "text", "text", prefix, "cache_control", Map.of("type", "ephemeral"))),
          messages.getFirst().get("content"), "system_prompt_node's base message, marked as the cacheable prefix");
      assertTrue(messages.subList(1, messages.size()).stream().noneMatch(m -> m.get("content") instanceof List<?>),
          "the variable tail is not marked");
      assertTrue(!b.containsKey("trellis_cache_breakpoint"));
    }
  }
}
