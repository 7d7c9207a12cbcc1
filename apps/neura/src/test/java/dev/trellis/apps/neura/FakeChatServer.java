package dev.trellis.apps.neura;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local OpenAI chat-completions server for the model-path tests; records every request
 * body. Requests with a response format get {@code {"label":"none",…}} (the safety
 * classifier's judge, schema {@code Judgement}) or {@code {"verdict":"SAFE"}} (preflight's injection check), other plain requests the empathy sentence, streamed requests the
 * navigator's reply in three tokens — or a 500 while {@link #failStreams} is above zero.
 */
final class FakeChatServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final List<String> TOKENS = List.of("Dr. Ruiz ", "fits ", "well.");
  static final String EMPATHY = "That sounds exhausting.";

  final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
  final AtomicInteger failStreams = new AtomicInteger();
  /** The class the judge answers for a message containing {@code "[judge:"} … {@code "]"}: that class. */
  static final java.util.regex.Pattern JUDGE_LABEL = java.util.regex.Pattern.compile("\\[judge:([a-z_]+)]");
  private final HttpServer http;

  FakeChatServer() {
    try {
      http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    http.createContext("/v1/chat/completions", ex -> {
      JsonNode body = JSON.readTree(ex.getRequestBody());
      bodies.add(body);
      byte[] out;
      int status = 200;
      if (body.path("stream").asBoolean(false) && failStreams.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        status = 500;
        out = JSON.writeValueAsBytes(Map.of("error", Map.of("message", "model overloaded", "type", "server_error")));
        ex.getResponseHeaders().set("Content-Type", "application/json");
      } else if (body.path("stream").asBoolean(false)) {
        StringBuilder sse = new StringBuilder();
        for (String tok : TOKENS) {
          sse.append("data: ").append(JSON.writeValueAsString(chunk(Map.of("content", tok), null))).append("\n\n");
        }
        sse.append("data: ").append(JSON.writeValueAsString(chunk(Map.of(), "stop"))).append("\n\n");
        sse.append("data: [DONE]\n\n");
        out = sse.toString().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
      } else {
        String schema = body.path("response_format").path("json_schema").path("name").asText("");
        java.util.regex.Matcher label = JUDGE_LABEL.matcher(body.path("messages").toString());
        String text = schema.equals("Judgement") ? "{\"label\": \"" + (label.find() ? label.group(1) : "none")
            + "\", \"reason\": \"the test said so\"}"
            : body.has("response_format") ? "{\"verdict\": \"SAFE\"}" : EMPATHY;
        out = JSON.writeValueAsBytes(Map.of("id", "c0", "object", "chat.completion", "model", "m",
            "choices", List.of(Map.of("index", 0, "message", Map.of("role", "assistant", "content", text),
                "finish_reason", "stop")),
            "usage", Map.of("prompt_tokens", 1, "completion_tokens", 1, "total_tokens", 2)));
        ex.getResponseHeaders().set("Content-Type", "application/json");
      }
      ex.sendResponseHeaders(status, out.length);
      ex.getResponseBody().write(out);
      ex.close();
    });
    http.start();
  }

  private static Map<String, Object> chunk(Map<String, Object> delta, String finish) {
    Map<String, Object> choice = new java.util.LinkedHashMap<>();
    choice.put("index", 0);
    choice.put("delta", delta);
    if (finish != null) {
      choice.put("finish_reason", finish);
    }
    return Map.of("id", "c1", "object", "chat.completion.chunk", "model", "m", "choices", List.of(choice));
  }

  /** The OpenAI-compatible base URL ({@code TRELLIS_MODEL_BASE_URL}). */
  String baseUrl() {
    return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
  }

  List<JsonNode> streamed() {
    return bodies.stream().filter(b -> b.path("stream").asBoolean(false)).toList();
  }

  /** The structured requests whose response format is the schema {@code name}. */
  List<JsonNode> structured(String name) {
    return structured().stream().filter(b -> b.path("response_format").path("json_schema").path("name").asText().equals(name))
        .toList();
  }

  List<JsonNode> structured() {
    return bodies.stream().filter(b -> b.has("response_format")).toList();
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
