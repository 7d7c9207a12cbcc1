package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A tiny JSON-over-HTTP client for the tests, reading replies with Spring's Jackson 3 mapper. */
final class Http {
  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;
  private final JsonMapper json;

  Http(int port, JsonMapper json) {
    this.base = "http://127.0.0.1:" + port;
    this.json = json;
  }

  String base() {
    return base;
  }

  HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The JSON reply of {@code method path}, which must answer {@code status}. */
  JsonNode json(int status, String method, String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = send(method, path, body);
    assertEquals(status, r.statusCode(), method + " " + path + " answered " + r.body());
    return json.readTree(r.body());
  }

  JsonNode get(String path) throws IOException, InterruptedException {
    return json(200, "GET", path, null);
  }

  HttpClient client() {
    return client;
  }
}
