package dev.trellis.cli.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** A JSON client for served-config tests: POST or GET → status and parsed body. */
public record Http(String base, Map<String, String> headers) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  public Http(int port) {
    this("http://127.0.0.1:" + port, Map.of());
  }

  public Http with(String header, String value) {
    return new Http(base, Map.of(header, value));
  }

  public record Reply(int status, String text) {
    public Object json() {
      try {
        return JSON.readValue(text, Object.class);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** The values a graph ends with, run statelessly by {@code POST /runs/wait}. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> runWait(String assistant, Map<String, Object> input) {
    Reply r = send("POST", "/runs/wait", Map.of("assistant_id", assistant, "input", input));
    if (r.status() != 200) {
      throw new AssertionError("POST /runs/wait " + assistant + ": " + r.status() + " " + r.text());
    }
    return (Map<String, Object>) r.json();
  }

  public Reply send(String method, String path, Object body) {
    try {
      HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method, body == null
          ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
          .header("Content-Type", "application/json");
      headers.forEach(b::header);
      HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
