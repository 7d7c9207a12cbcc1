package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.langchain4j.LangChain4jChatModel;
import dev.trellis.pipeline.InMemorySkipStore;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A turn with a model configured, against a local OpenAI chat-completions server that records the request bodies. */
class ModelPathTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void preflightEmpathyAndNavigatorGoToTheModelAndTheNavigatorStreams() throws Exception {
    List<JsonNode> bodies = new CopyOnWriteArrayList<>();
    HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    http.createContext("/v1/chat/completions", ex -> {
      JsonNode body = JSON.readTree(ex.getRequestBody());
      bodies.add(body);
      String system = body.path("messages").get(0).path("content").asText();
      byte[] out;
      if (body.path("stream").asBoolean(false)) {
        StringBuilder sse = new StringBuilder();
        for (String tok : List.of("Dr. Ruiz ", "fits ", "well.")) {
          sse.append("data: ").append(JSON.writeValueAsString(Map.of("id", "c1", "object", "chat.completion.chunk",
              "model", "m", "choices", List.of(Map.of("index", 0, "delta", Map.of("content", tok)))))).append("\n\n");
        }
        sse.append("data: ").append(JSON.writeValueAsString(Map.of("id", "c1", "object", "chat.completion.chunk",
            "model", "m", "choices", List.of(Map.of("index", 0, "delta", Map.of(), "finish_reason", "stop"))))).append("\n\n");
        sse.append("data: [DONE]\n\n");
        out = sse.toString().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
      } else {
        String text = system.startsWith("You screen") ? "SAFE" : "That sounds exhausting.";
        out = JSON.writeValueAsBytes(Map.of("id", "c0", "object", "chat.completion", "model", "m",
            "choices", List.of(Map.of("index", 0, "message", Map.of("role", "assistant", "content", text),
                "finish_reason", "stop")),
            "usage", Map.of("prompt_tokens", 1, "completion_tokens", 1, "total_tokens", 2)));
        ex.getResponseHeaders().set("Content-Type", "application/json");
      }
      ex.sendResponseHeaders(200, out.length);
      ex.getResponseBody().write(out);
      ex.close();
    });
    http.start();
    try {
      String base = "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
      NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore())
          .withModel(LangChain4jChatModel.openAi(base, "m", "none"))
          .withTool("session_narrative", args -> {
            throw new IllegalStateException("narrative store down");
          });
      State s = NeuraTurn.graph(CompileOptions.DEFAULT, deps).invoke(
          Map.of("message", "insomnia and anxiety", "patient_id", "pat-1"), RunConfig.DEFAULT.withContext(deps));
      assertEquals("Dr. Ruiz fits well.", s.get(TurnState.RESPONSE));
      assertEquals("That sounds exhausting.", s.get(TurnState.EMPATHY));
      assertEquals(3, bodies.size(), "classifier, empathy, navigator");
      JsonNode nav = bodies.stream().filter(b -> b.path("stream").asBoolean(false)).findFirst().orElseThrow();
      String prompt = nav.path("messages").get(0).path("content").asText();
      assertTrue(prompt.contains("That sounds exhausting."), prompt);
      assertTrue(prompt.contains("DEGRADED: session_narrative"), prompt);
      assertTrue(prompt.contains("prov-ana"), prompt);
      assertEquals("insomnia and anxiety", nav.path("messages").get(1).path("content").asText());
    } finally {
      http.stop(0);
    }
  }
}
