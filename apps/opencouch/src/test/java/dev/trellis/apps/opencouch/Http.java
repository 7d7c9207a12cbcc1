package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A small JSON-over-HTTP client for the OpenCouch server tests. */
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

  /** The server thread of a chat session (the server takes UUIDs). */
  static String thread(String session) {
    return UUID.nameUUIDFromBytes(("opencouch:" + session).getBytes(StandardCharsets.UTF_8)).toString();
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

  /** Runs {@code assistant} on {@code thread} with {@code body} (input, context, ...) and returns the final state. */
  Map<String, Object> run(String assistant, String thread, Map<String, Object> body) {
    Map<String, Object> req = new java.util.LinkedHashMap<>(body);
    req.put("assistant_id", assistant);
    req.put("if_not_exists", "create");
    Reply r = post("/threads/" + thread + "/runs/wait", req);
    if (r.status() != 200 || r.map().containsKey("__error__")) {
      throw new IllegalStateException("run: " + r.status() + " " + r.text());
    }
    return r.map();
  }

  /** One OpenCouch turn of {@code user} in {@code session}. */
  Map<String, Object> turn(String user, String session, String message) {
    return run("opencouch", thread(session), Map.of("input", Map.of("message", message, "user_id", user,
        "session_id", session)));
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
