package dev.trellis.testkit;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small JSON-over-HTTP client for tests that drive a Trellis server on 127.0.0.1: POST and
 * GET with JSON bodies, replies kept as text, and server-sent events parsed into named events.
 * Applications' test clients extend it with their own turn helpers.
 */
public class ApiClient {
  /** The mapper the client writes bodies and reads replies with. */
  public static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;

  /** A client of the server listening on {@code port} of 127.0.0.1. */
  public ApiClient(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  /** A reply: its status and body text. */
  public record Reply(int status, String text) {
    /** The body as a JSON object. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map() {
      return read(text, Map.class);
    }

    /** The body as a JSON array of objects. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> list() {
      return read(text, List.class);
    }
  }

  /** One server-sent event: its name and its JSON data (null when it has none). */
  public record Event(String name, Object data) {
  }

  /** Reads {@code text} as JSON of {@code type}, naming the text when it is not JSON. */
  public static <T> T read(String text, Class<T> type) {
    try {
      return JSON.readValue(text, type);
    } catch (IOException e) {
      throw new UncheckedIOException(text, e);
    }
  }

  /** The server's base URL, e.g. {@code http://127.0.0.1:2024}. */
  protected final String base() {
    return base;
  }

  /** The underlying JDK client, for streaming reads. */
  protected final HttpClient client() {
    return client;
  }

  /** POSTs {@code body} as JSON. */
  public Reply post(String path, Object body) {
    try {
      return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** GETs {@code path}. */
  public Reply get(String path) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET().build());
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

  /** The named events of a whole SSE body (comments and unnamed blocks skipped). */
  public static List<Event> events(String sse) throws IOException {
    List<Event> out = new ArrayList<>();
    for (String block : sse.split("\r?\n\r?\n")) {
      String name = null;
      StringBuilder data = new StringBuilder();
      for (String line : block.split("\r?\n")) {
        if (line.startsWith("event:")) {
          name = line.substring(6).trim();
        } else if (line.startsWith("data:")) {
          data.append(line.substring(5).trim());
        }
      }
      if (name != null) {
        out.add(new Event(name, data.isEmpty() ? null : JSON.readValue(data.toString(), Object.class)));
      }
    }
    return out;
  }
}
