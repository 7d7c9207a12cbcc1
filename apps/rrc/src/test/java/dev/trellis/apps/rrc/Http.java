package dev.trellis.apps.rrc;

import dev.trellis.testkit.ApiClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The RRC server tests' client: {@link ApiClient} plus reading the seed's SSE stream frame by frame. */
final class Http extends ApiClient {
  private final String apiKey;

  Http(int port) {
    this(port, null);
  }

  /** A client sending {@code x-api-key: apiKey} with every request. */
  Http(int port, String apiKey) {
    super(port);
    this.apiKey = apiKey;
  }

  @Override
  public Reply post(String path, Object body) {
    if (apiKey == null) {
      return super.post(path, body);
    }
    try {
      return send(HttpRequest.newBuilder(URI.create(base() + path)).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Reply get(String path) {
    return apiKey == null ? super.get(path) : send(HttpRequest.newBuilder(URI.create(base() + path)).GET());
  }

  private Reply send(HttpRequest.Builder req) {
    try {
      HttpResponse<String> r = client().send(req.header("x-api-key", apiKey).build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** One SSE frame. */
  record Frame(String event, Map<String, Object> data) {}

  /** GETs an SSE stream and reads it to the end. */
  List<Frame> stream(String path, Map<String, String> query) {
    try (Frames in = open(path, query)) {
      List<Frame> frames = new ArrayList<>();
      for (Frame f = in.next(); f != null; f = in.next()) {
        frames.add(f);
      }
      return frames;
    }
  }

  /** GETs an SSE stream to read frame by frame. */
  Frames open(String path, Map<String, String> query) {
    String q = query.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
    try {
      HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(base() + path + "?" + q)).GET();
      if (apiKey != null) {
        req.header("x-api-key", apiKey);
      }
      HttpResponse<java.io.InputStream> r = client().send(req.build(), HttpResponse.BodyHandlers.ofInputStream());
      return new Frames(r.statusCode(), new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** An open SSE stream, read one frame at a time. */
  static final class Frames implements AutoCloseable {
    final int status;
    private final BufferedReader in;

    Frames(int status, BufferedReader in) {
      this.status = status;
      this.in = in;
    }

    /** The next frame, or null at the end of the stream. */
    @SuppressWarnings("unchecked")
    Frame next() {
      try {
        String event = null;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith("event: ")) {
            event = line.substring(7);
          } else if (line.startsWith("data: ")) {
            return new Frame(event, read(line.substring(6), Map.class));
          }
        }
        return null;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
