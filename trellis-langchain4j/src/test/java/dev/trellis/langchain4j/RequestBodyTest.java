package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.Agent;
import dev.trellis.agent.budget.TokenBudget;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.BudgetMiddleware;
import dev.trellis.agent.middleware.Hooks;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.structured.Description;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/** What a local chat-completions server receives from an agent: nested tool schemas, JSON-schema response formats, settings; usage feeds budgets. */
class RequestBodyTest {
  static final ObjectMapper JSON = new ObjectMapper();

  static MockResponse completion(String content, String toolCalls, int in, int out) {
    String message = toolCalls == null
        ? "{\"role\":\"assistant\",\"content\":" + JSON.valueToTree(content) + "}"
        : "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":" + toolCalls + "}";
    return new MockResponse.Builder().addHeader("Content-Type", "application/json").body(
        "{\"id\":\"x\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-test\",\"choices\":[{\"index\":0,"
            + "\"message\":" + message + ",\"finish_reason\":\"" + (toolCalls == null ? "stop" : "tool_calls") + "\"}],"
            + "\"usage\":{\"prompt_tokens\":" + in + ",\"completion_tokens\":" + out + ",\"total_tokens\":" + (in + out) + "}}")
        .build();
  }

  /** The blocking OpenAI client only (the streaming one is tested in OpenAiProtocolTest). */
  static LangChain4jChatModel blocking(MockWebServer server) {
    return new LangChain4jChatModel(dev.langchain4j.model.openai.OpenAiChatModel.builder()
        .baseUrl(server.url("/v1").toString()).modelName("gpt-test").apiKey("k")
        .supportedCapabilities(dev.langchain4j.model.chat.Capability.RESPONSE_FORMAT_JSON_SCHEMA).build(), null);
  }

  @Test
  void nestedToolSchemasAndSettingsReachTheServerAndUsageIsCharged() throws Exception {
    Map<String, Object> schema = Map.of("type", "object", "required", List.of("lines"), "properties", Map.of(
        "lines", Map.of("type", "array", "description", "order lines", "items", Map.of("type", "object",
            "required", List.of("sku"), "properties", Map.of("sku", Map.of("type", "string"),
                "size", Map.of("type", "string", "enum", List.of("S", "L")))))));
    Tool order = Tool.of(new ToolSpec("order", "places an order", schema), (a, c) -> "ordered " + a.get("lines"));
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(completion(null, "[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"order\","
          + "\"arguments\":\"{\\\"lines\\\":[{\\\"sku\\\":\\\"tea\\\",\\\"size\\\":\\\"L\\\"}]}\"}}]", 30, 10));
      server.enqueue(completion("Ordered.", null, 50, 5));
      var model = blocking(server);
      var agent = Agent.builder(model).tools(order)
          .middleware(Hooks.dynamicPrompt((s, rt) -> "be brief"), new BudgetMiddleware(TokenBudget.unlimited()),
              new dev.trellis.agent.middleware.AgentMiddleware() {
                @Override
                public ModelResponse wrapModelCall(ModelRequest r, ModelHandler next) throws Exception {
                  return next.call(r.withSettings(Map.of("temperature", 0.2, "max_tokens", 99)));
                }
              })
          .compile(CompileOptions.checkpointer(new InMemorySaver()));
      State out = agent.invoke(Map.of("messages", List.of(Message.human("order tea"))), RunConfig.thread("body"));
      JsonNode first = JSON.readTree(server.takeRequest().getBody().utf8());
      JsonNode params = first.at("/tools/0/function/parameters");
      assertEquals(JSON.valueToTree(schema).at("/properties/lines/items/properties/size/enum"),
          params.at("/properties/lines/items/properties/size/enum"), params.toString());
      assertEquals("order lines", params.at("/properties/lines/description").asText());
      assertEquals("sku", params.at("/properties/lines/items/required/0").asText());
      assertEquals(0.2, first.get("temperature").asDouble(), 1e-9);
      assertEquals(99, first.has("max_completion_tokens") ? first.get("max_completion_tokens").asInt()
          : first.get("max_tokens").asInt(), first.toString());
      assertEquals("be brief", first.at("/messages/0/content").asText());
      assertEquals(95L, out.get(TokenBudget.THREAD_TOKENS), "30+10 and 50+5 tokens charged");
    }
  }

  @Description("A parsed address")
  record Address(String city, @Description("ISO country code") String country) {}

  @Test
  void aStructuredAnswerUsesTheProvidersJsonSchemaFormat() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(completion("{\"city\": \"Oslo\", \"country\": \"NO\"}", null, 5, 5));
      var model = blocking(server);
      assertTrue(model.supportsStructuredOutput());
      assertEquals("gpt-test", model.name());
      State out = Agent.builder(model).responseFormat(Address.class).compile(CompileOptions.DEFAULT)
          .invoke(Map.of("messages", List.of(Message.human("Oslo, Norway"))));
      assertEquals(new Address("Oslo", "NO"), out.get(Agent.STRUCTURED_RESPONSE));
      JsonNode body = JSON.readTree(server.takeRequest().getBody().utf8());
      assertEquals("json_schema", body.at("/response_format/type").asText(), body.toString());
      assertEquals("Address", body.at("/response_format/json_schema/name").asText());
      assertEquals("ISO country code",
          body.at("/response_format/json_schema/schema/properties/country/description").asText(), body.toString());
      assertTrue(!body.has("tools") || body.get("tools").isEmpty(), "no answer tool with a native format");
    }
  }

  @Test
  void theStreamingClientAlsoSendsTheJsonSchemaFormat() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      String chunk = "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
          + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":"
          + JSON.valueToTree("{\"city\": \"Oslo\", \"country\": \"NO\"}") + "},\"finish_reason\":\"stop\"}]}";
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/event-stream")
          .body("data: " + chunk + "\n\ndata: [DONE]\n\n").build());
      var model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "gpt-test", "k");
      State out = Agent.builder(model).responseFormat(Address.class).compile(CompileOptions.DEFAULT)
          .invoke(Map.of("messages", List.of(Message.human("Oslo, Norway"))));
      assertEquals(new Address("Oslo", "NO"), out.get(Agent.STRUCTURED_RESPONSE));
      JsonNode body = JSON.readTree(server.takeRequest().getBody().utf8());
      assertEquals("json_schema", body.at("/response_format/type").asText(), body.toString());
      assertTrue(body.get("stream").asBoolean());
    }
  }

  @Test
  void theRequestsModelSettingNamesTheModelSentInsteadOfTheConfiguredOne() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(completion("one", null, 3, 1));
      server.enqueue(completion("two", null, 3, 1));
      var model = blocking(server);
      model.chat(new dev.trellis.agent.model.ChatRequest(List.of(Message.human("hi")), List.of(), null,
          Map.of(dev.trellis.agent.model.ChatRequest.MODEL, "gpt-4o-mini")));
      model.chat(new dev.trellis.agent.model.ChatRequest(List.of(Message.human("hi")), List.of()));
      assertEquals("gpt-4o-mini", JSON.readTree(server.takeRequest().getBody().utf8()).get("model").asText());
      assertEquals("gpt-test", JSON.readTree(server.takeRequest().getBody().utf8()).get("model").asText());
    }
  }
}
