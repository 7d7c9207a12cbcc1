package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A request's cache breakpoint reaches an OpenAI-compatible server as Anthropic's
 * {@code cache_control} on the marked message when the adapter is built for explicit caching,
 * on the blocking and the streaming path; by default nothing about it is sent.
 */
class CacheBreakpointTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final ChatRequest MARKED = new ChatRequest(List.of(Message.system("You are a filing assistant."),
      Message.human("Prepare the filing.")), List.of()).withCacheBreakpoint(0);

  static JsonNode sent(MockWebServer server) throws Exception {
    return JSON.readTree(server.takeRequest().getBody().utf8());
  }

  static MockResponse sse(String content) {
    String chunk = "{\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,"
        + "\"delta\":{\"content\":" + JSON.valueToTree(content) + "},\"finish_reason\":\"stop\"}]}";
    return new MockResponse.Builder().addHeader("Content-Type", "text/event-stream")
        .body("data: " + chunk + "\n\ndata: [DONE]\n\n").build();
  }

  static void assertMarkedPrefix(JsonNode body) {
    JsonNode system = body.at("/messages/0");
    assertEquals("system", system.get("role").asText());
    assertTrue(system.get("content").isArray(), system.toString());
    assertEquals("text", system.at("/content/0/type").asText());
    assertEquals("You are a filing assistant.", system.at("/content/0/text").asText());
    assertEquals(JSON.createObjectNode().put("type", "ephemeral"), system.at("/content/0/cache_control"));
    assertEquals("Prepare the filing.", body.at("/messages/1/content").asText(), "the tail is unmarked");
    assertFalse(body.has(CacheControlHttp.MARKER), "the carrier field is not sent");
  }

  @Test
  void breakpointIsSentAsCacheControlOnTheBlockingPath() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(RequestBodyTest.completion("Done.", null, 10, 2));
      var model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "claude-test", "k", true);
      assertEquals("Done.", model.chat(MARKED).text());
      assertMarkedPrefix(sent(server));
    }
  }

  @Test
  void breakpointIsSentAsCacheControlOnTheStreamingPath() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(sse("Streamed."));
      var model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "claude-test", "k", true);
      List<String> tokens = new ArrayList<>();
      assertEquals("Streamed.", model.stream(MARKED, tokens::add).text());
      JsonNode body = sent(server);
      assertTrue(body.get("stream").asBoolean());
      assertMarkedPrefix(body);
    }
  }

  @Test
  void withoutExplicitCachingTheBreakpointIsNotSent() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(RequestBodyTest.completion("Done.", null, 10, 2));
      LangChain4jChatModel.openAi(server.url("/v1").toString(), "gpt-test", "k").chat(MARKED);
      JsonNode body = sent(server);
      assertEquals("You are a filing assistant.", body.at("/messages/0/content").asText());
      assertFalse(body.toString().contains("cache_control") || body.toString().contains(CacheControlHttp.MARKER), body.toString());
    }
  }

  @Test
  void aBreakpointAfterARemovalMarksTheSameMessage() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(RequestBodyTest.completion("Done.", null, 10, 2));
      var model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "claude-test", "k", true);
      model.chat(new ChatRequest(List.of(new Message.Remove("old"), Message.system("You are a filing assistant."),
          Message.human("Prepare the filing.")), List.of()).withCacheBreakpoint(1));
      assertMarkedPrefix(sent(server));
    }
  }
}
