package dev.trellis.apps.neura;

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

/** A small JSON-over-HTTP client for the Neura server tests. */
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
      try {
        return JSON.readValue(text, Map.class);
      } catch (IOException e) {
        throw new UncheckedIOException(text, e);
      }
    }
  }

  record Event(String name, Object data) {
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

  /** Runs one Neura turn on its own thread ({@code turn:{turn_id}}) and returns the final state. */
  Map<String, Object> turn(String assistant, String turnId, Map<String, Object> input) {
    String thread = NeuraTurn.serverThreadId(turnId);
    Reply t = post("/threads", Map.of("thread_id", thread, "if_exists", "do_nothing"));
    if (t.status() != 200) {
      throw new IllegalStateException("thread create: " + t.status() + " " + t.text());
    }
    Reply r = post("/threads/" + thread + "/runs/wait", Map.of("assistant_id", assistant, "input", input));
    if (r.status() != 200 || r.map().containsKey("__error__")) {
      throw new IllegalStateException("run: " + r.status() + " " + r.text());
    }
    return r.map();
  }

  static List<Event> events(String sse) throws IOException {
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
