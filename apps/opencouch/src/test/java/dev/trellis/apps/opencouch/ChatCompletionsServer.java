package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A local server speaking OpenAI's chat-completions protocol, for the model-path tests: it
 * records every request body; a structured request (a {@code json_schema} response format)
 * is answered with {@code structured.apply(schemaName)}, a streamed one with {@code tokens} as
 * SSE chunks.
 */
final class ChatCompletionsServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
  private final HttpServer http;

  ChatCompletionsServer(Function<String, String> structured, List<String> tokens) throws IOException {
    http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    http.createContext("/v1/chat/completions", ex -> {
      JsonNode body = JSON.readTree(ex.getRequestBody());
      bodies.add(body);
      byte[] out;
      if (body.path("stream").asBoolean(false)) {
        StringBuilder sse = new StringBuilder();
        for (String tok : tokens) {
          sse.append("data: ").append(JSON.writeValueAsString(Map.of("id", "c1", "object", "chat.completion.chunk",
              "model", "m", "choices", List.of(Map.of("index", 0, "delta", Map.of("content", tok)))))).append("\n\n");
        }
        sse.append("data: ").append(JSON.writeValueAsString(Map.of("id", "c1", "object", "chat.completion.chunk",
            "model", "m", "choices", List.of(Map.of("index", 0, "delta", Map.of(), "finish_reason", "stop"))))).append("\n\n");
        sse.append("data: [DONE]\n\n");
        out = sse.toString().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
      } else {
        String text = structured.apply(schemaName(body));
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
  }

  /** The base URL to give the model ({@code TRELLIS_MODEL_BASE_URL}). */
  String baseUrl() {
    return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
  }

  static String schemaName(JsonNode body) {
    return body.path("response_format").path("json_schema").path("name").asText("");
  }

  /** The recorded structured requests' schema names, in order. */
  List<String> schemaNames() {
    return bodies.stream().filter(b -> !b.path("stream").asBoolean(false)).map(ChatCompletionsServer::schemaName).toList();
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
