package dev.trellis.apps.rrc;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A small JSON and SSE client for the RRC server tests. */
final class Http {
  static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;

  Http(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  record Reply(int status, String text) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map() {
      return read(text, Map.class);
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> list() {
      return read(text, List.class);
    }
  }

  /** One SSE frame. */
  record Frame(String event, Map<String, Object> data) {}

  static <T> T read(String text, Class<T> type) {
    try {
      return JSON.readValue(text, type);
    } catch (IOException e) {
      throw new UncheckedIOException(text, e);
    }
  }

  Reply post(String path, Object body) {
    try {
      return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Reply get(String path) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET().build());
  }

  /** GETs an SSE stream and reads it to the end. */
  @SuppressWarnings("unchecked")
  List<Frame> stream(String path, Map<String, String> query) {
    String q = query.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
    try {
      HttpResponse<java.io.InputStream> r = client.send(HttpRequest.newBuilder(URI.create(base + path + "?" + q)).GET().build(),
          HttpResponse.BodyHandlers.ofInputStream());
      List<Frame> frames = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
        String event = null;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith("event: ")) {
            event = line.substring(7);
          } else if (line.startsWith("data: ")) {
            frames.add(new Frame(event, read(line.substring(6), Map.class)));
          }
        }
      }
      return frames;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private Reply send(HttpRequest req) {
    try {
      HttpResponse<String> r = client.send(req, HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
