package dev.trellis.client;

import com.fasterxml.jackson.databind.JavaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * One HTTP exchange with the server: JSON in, JSON (or an SSE body) out, a refusal turned into
 * a {@link TrellisApiException}. Immutable and thread-safe (the JDK's HttpClient is).
 */
final class Transport {
  private final HttpClient http;
  private final String base;
  private final Map<String, String> headers;
  private final Duration timeout;

  Transport(HttpClient http, String base, Map<String, String> headers, Duration timeout) {
    this.http = http;
    this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    this.headers = Map.copyOf(headers);
    this.timeout = timeout;
  }

  /** Sends {@code body} (null for none) and reads the reply as {@code type} (null: ignore the reply). */
  <T> T json(String method, String path, Object body, JavaType type) {
    HttpResponse<String> res = send(request(method, path, body, Map.of(), true), HttpResponse.BodyHandlers.ofString());
    String text = res.body();
    if (res.statusCode() >= 400) {
      throw refusal(method, path, res.statusCode(), text);
    }
    if (type == null || text == null || text.isBlank()) {
      return null;
    }
    return Json.read(text, type);
  }

  /** Opens a response to read as it arrives (an SSE stream): no request timeout, refusals thrown before returning. */
  HttpResponse<InputStream> open(String method, String path, Object body, Map<String, String> extra) {
    HttpResponse<InputStream> res = send(request(method, path, body, extra, false), HttpResponse.BodyHandlers.ofInputStream());
    if (res.statusCode() >= 400) {
      String text;
      try (InputStream in = res.body()) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        text = "";
      }
      throw refusal(method, path, res.statusCode(), text);
    }
    return res;
  }

  /** A path segment, percent-encoded. */
  static String seg(String id) {
    if (id == null || id.isEmpty()) {
      throw new IllegalArgumentException("an id is required");
    }
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** A query parameter {@code name=value}, the value percent-encoded. */
  static String param(String name, Object value) {
    return name + "=" + URLEncoder.encode(String.valueOf(value), StandardCharsets.UTF_8).replace("+", "%20");
  }

  private HttpRequest request(String method, String path, Object body, Map<String, String> extra, boolean timed) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
    headers.forEach(b::header);
    extra.forEach(b::header);
    if (timed && timeout != null) {
      b.timeout(timeout);
    }
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.header("Content-Type", "application/json");
      b.method(method, HttpRequest.BodyPublishers.ofString(Json.write(body)));
    }
    return b.build();
  }

  private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    try {
      return http.send(request, handler);
    } catch (IOException e) {
      throw new UncheckedIOException(request.method() + " " + request.uri() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new InterruptedIOException(request.method() + " " + request.uri() + " interrupted"));
    }
  }

  private static TrellisApiException refusal(String method, String path, int status, String text) {
    String detail = text == null ? "" : text.strip();
    String code = null;
    if (detail.startsWith("{")) {
      try {
        Map<?, ?> m = Json.MAPPER.readValue(detail, Map.class);
        code = m.get("code") == null ? null : String.valueOf(m.get("code"));
        if (m.get("detail") != null) {
          detail = m.get("detail") instanceof String s ? s : Json.write(m.get("detail"));
        }
      } catch (IOException e) {
        // not JSON after all: keep the raw text as the detail
      }
    }
    return new TrellisApiException(method + " " + path, status, detail, code);
  }
}
