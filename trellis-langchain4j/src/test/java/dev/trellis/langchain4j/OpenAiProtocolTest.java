package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * The real LangChain4j OpenAI client against a local server speaking the chat-completions
 * protocol (JSON and SSE streaming with tool calls), with recorded-style responses.
 */
class OpenAiProtocolTest {
  private static final String TOOLS = """
      {"type":"object","properties":{"city":{"type":"string","description":"city name"}},"required":["city"]}""";

  private static MockResponse json(String body) {
    return new MockResponse.Builder().addHeader("Content-Type", "application/json").body(body).build();
  }

  private static MockResponse sse(String... events) {
    StringBuilder b = new StringBuilder();
    for (String e : events) {
      b.append("data: ").append(e).append("\n\n");
    }
    b.append("data: [DONE]\n\n");
    return new MockResponse.Builder().addHeader("Content-Type", "text/event-stream").body(b.toString()).build();
  }

  private static String chunk(String delta, String finish) {
    return "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\",\"choices\":[{\"index\":0,"
        + "\"delta\":" + delta + ",\"finish_reason\":" + (finish == null ? "null" : "\"" + finish + "\"") + "}]}";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema() throws Exception {
    return new com.fasterxml.jackson.databind.ObjectMapper().readValue(TOOLS, Map.class);
  }

  @Test
  void aToolCallAndUsageComeBackFromAPlainCompletion() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(json("""
          {"id":"x","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,
           "message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
           "function":{"name":"weather","arguments":"{\\"city\\":\\"Oslo\\"}"}}]},"finish_reason":"tool_calls"}],
           "usage":{"prompt_tokens":12,"completion_tokens":7,"total_tokens":19}}"""));
      LangChain4jChatModel model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "gpt-test", "test-key");
      Message.Ai ai = model.chat(new ChatRequest(List.of(Message.human("Weather in Oslo?")),
          List.of(new ToolSpec("weather", "weather in a city", schema()))));
      assertEquals(List.of(new Message.ToolCall("call_1", "weather", Map.of("city", "Oslo"))), ai.toolCalls());
      assertEquals(new Message.Usage(12, 7), ai.usage());
      RecordedRequest sent = server.takeRequest();
      String body = sent.getBody().utf8().replaceAll("\\s", "");
      assertTrue(body.contains("\"name\":\"weather\"") && body.contains("WeatherinOslo?"), body);
      assertEquals("Bearer test-key", sent.getHeaders().get("Authorization"));
    }
  }

  @Test
  void anAgentAnswersThroughTheStreamingClientWithTokensStreamed() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(sse(
          chunk("{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
              + "\"function\":{\"name\":\"weather\",\"arguments\":\"\"}}]}", null),
          chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]}", null),
          chunk("{\"tool_calls\":[{\"index\":1,\"id\":\"call_2\",\"type\":\"function\","
              + "\"function\":{\"name\":\"time\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]}", null),
          chunk("{}", "tool_calls")));
      server.enqueue(sse(
          chunk("{\"role\":\"assistant\",\"content\":\"Sunny \"}", null),
          chunk("{\"content\":\"in Oslo.\"}", null),
          chunk("{}", "stop")));
      Tool weather = Tool.of(new ToolSpec("weather", "weather in a city", schema()), (args, ctx) -> "sunny, 21C in " + args.get("city"));
      Tool time = Tool.of(new ToolSpec("time", "local time in a city", schema()), (args, ctx) -> "10:00 in " + args.get("city"));
      CompiledGraph agent = Agent.builder(LangChain4jChatModel.openAi(server.url("/v1").toString(), "gpt-test", "k"))
          .tools(weather, time).compile(CompileOptions.DEFAULT);
      List<String> tokens = new ArrayList<>();
      java.util.Set<String> tokenIds = new java.util.HashSet<>();
      List<Message> last = new ArrayList<>();
      try (GraphStream s = agent.stream(Map.of("messages", List.of(Message.human("Weather in Oslo?"))), RunConfig.DEFAULT,
          StreamMode.MESSAGES, StreamMode.VALUES)) {
        for (StreamPart p : s) {
          if (p instanceof StreamPart.MessageChunk c) {
            tokens.add(c.text());
            tokenIds.add(c.messageId());
          } else if (p instanceof StreamPart.Values v) {
            last.clear();
            @SuppressWarnings("unchecked")
            List<Message> m = (List<Message>) v.values().get(Messages.KEY.name());
            last.addAll(m);
          }
        }
      }
      assertEquals(List.of("Sunny ", "in Oslo."), tokens);
      assertEquals("sunny, 21C in Oslo", last.get(2).text());
      assertEquals("10:00 in Oslo", last.get(3).text(), "both tools answered");
      assertEquals("Sunny in Oslo.", last.getLast().text());
      assertEquals(java.util.Set.of(last.getLast().id()), tokenIds, "the streamed tokens carry the stored answer's id");
      server.takeRequest();
      String second = server.takeRequest().getBody().utf8().replaceAll("\\s", "");
      assertTrue(second.contains("\"tool_call_id\":\"call_1\"") && second.contains("sunny,21CinOslo")
          && second.contains("\"tool_call_id\":\"call_2\""), second);
    }
  }
}
