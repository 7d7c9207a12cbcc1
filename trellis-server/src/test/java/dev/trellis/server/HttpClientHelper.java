package dev.trellis.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** A small JSON client for server tests: method, path, body, headers → status, parsed body, headers. */
final class HttpClientHelper {
  /** Reads replies as deep as the server writes them (request bodies nest up to 1,000 levels; replies wrap them). */
  static final ObjectMapper JSON = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder().maxNestingDepth(2000).build())
      .build());
  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private final Map<String, String> headers;

  HttpClientHelper(String base, Map<String, String> headers) {
    this.base = base;
    this.headers = headers;
  }

  HttpClientHelper(TrellisServer server) {
    this("http://127.0.0.1:" + server.port(), Map.of());
  }

  HttpClientHelper as(String apiKey) {
    return new HttpClientHelper(base, Map.of("x-api-key", apiKey));
  }

  record Reply(int status, Object body, String text, HttpResponse<String> raw) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map() {
      return (Map<String, Object>) body;
    }

    @SuppressWarnings("unchecked")
    java.util.List<Object> list() {
      return (java.util.List<Object>) body;
    }

    String get(String key) {
      return String.valueOf(map().get(key));
    }
  }

  Reply call(String method, String path, Object body) {
    return raw(method, path, body == null ? null : write(body), "application/json");
  }

  Reply raw(String method, String path, String body, String contentType) {
    return raw(method, path, body, contentType, false);
  }

  /**
   * As {@link #raw(String, String, String, String)}; with {@code expectContinue} the body waits for the server's
   * {@code 100 Continue}, as curl sends large bodies, so a refusal made before the body is read reaches the client
   * (a client pushing the body into a connection the server closed may see a reset instead).
   */
  Reply raw(String method, String path, String body, String contentType, boolean expectContinue) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).expectContinue(expectContinue)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    headers.forEach(b::header);
    try {
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      Object parsed = null;
      String text = r.body();
      if (text != null && !text.isBlank() && !r.headers().firstValue("content-type").orElse("").startsWith("text/event-stream")) {
        parsed = JSON.readValue(text, Object.class);
      }
      return new Reply(r.statusCode(), parsed, text, r);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Parses JSON text (test replies read by hand). */
  static Object readJson(String text) {
    try {
      return JSON.readValue(text, Object.class);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static String write(Object body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** One SSE event of a response body: its name and parsed data. */
  record Event(String name, Object data) {}

  /** The events of an SSE body (CRLF framing, one data line each; keep-alive comment lines skipped), in order. */
  static java.util.List<Event> events(String sse) {
    java.util.List<Event> out = new java.util.ArrayList<>();
    for (String f : sse.replaceAll("(?m)^:[^\r\n]*\r\n", "").split("\r\n\r\n")) {
      if (!f.startsWith("event: ")) {
        continue;
      }
      String name = f.substring(7, f.indexOf("\r\n"));
      int at = f.indexOf("data: ") + 6;
      int end = f.indexOf("\r\nid: ", at);
      try {
        out.add(new Event(name, JSON.readValue(f.substring(at, end < 0 ? f.length() : end), Object.class)));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return out;
  }

  /** The data of the events named {@code name}. */
  static java.util.List<Object> data(String sse, String name) {
    return events(sse).stream().filter(e -> e.name().equals(name)).map(Event::data).toList();
  }
}
