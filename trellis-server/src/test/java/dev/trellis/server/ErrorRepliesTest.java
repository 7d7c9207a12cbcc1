package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every error the server sends is {@code {"detail": ...}} JSON, also those Jetty answers before
 * a route runs; a client that hangs up mid-body is a debug line, not an ERROR; every request
 * and every failed run is logged.
 */
class ErrorRepliesTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("errors.db")).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void jsonError(RawHttp.Reply r, String request) {
    assertTrue(r.status() >= 400 && r.status() < 500, request + " → " + r.status() + " " + r.body());
    assertTrue(r.contentType().startsWith("application/json"), request + " → " + r.contentType() + " " + r.body());
    Object detail = ((Map<?, ?>) HttpClientHelper.readJson(r.body())).get("detail");
    assertTrue(detail instanceof String s && !s.isBlank(), request + " → " + r.body());
  }

  static final List<String> BAD_REQUESTS = List.of(
      "GET /threads/%00 HTTP/1.1",
      "GET /threads/%C0%AE%C0%AE/state HTTP/1.1",
      "GET /threads/../../etc/passwd HTTP/1.1",
      "GET /threads/..%2F..%2Fetc HTTP/1.1",
      "DELETE /threads/%2e%2e/%00 HTTP/1.1",
      "GET /%ZZ HTTP/1.1",
      "POST /threads HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: abc",
      "POST /threads HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: -5",
      "POST /threads HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3",
      "GET /no/such/route HTTP/1.1",
      "PATCH /no/such/route HTTP/1.1",
      "PUT /ok HTTP/1.1",
      "GET /threads HTTP/1.1");

  @Test
  void jettyLevelRefusalsAreJsonDetails() {
    for (String request : BAD_REQUESTS) {
      jsonError(RawHttp.send(server.port(), request, null), request);
    }
  }

  @Test
  void aClientDroppingMidBodyIsADebugLineNotAnError() throws Exception {
    try (LogCapture all = new LogCapture("dev.trellis.server", Level.DEBUG);
         LogCapture jetty = new LogCapture("org.eclipse.jetty", Level.WARN);
         LogCapture javalin = new LogCapture("io.javalin", Level.WARN)) {
      RawHttp.dropMidBody(server.port(), "/threads/search", 100_000, "{\"metadata\": {\"a\": ");
      long end = System.currentTimeMillis() + 120_000;
      while (all.lines().stream().noneMatch(l -> l.contains("/threads/search")) && System.currentTimeMillis() < end) {
        Thread.sleep(20);
      }
      assertTrue(all.lines().stream().anyMatch(l -> l.startsWith("DEBUG") && l.contains("went away")), all.lines().toString());
      for (LogCapture c : List.of(all, jetty, javalin)) {
        assertTrue(c.events().stream().noneMatch(e -> e.getLevel().isGreaterOrEqual(Level.ERROR)), c.lines().toString());
      }
      assertTrue(all.lines().stream().noneMatch(l -> l.contains(" 500 ")), all.lines().toString());
    }
  }

  @Test
  void everyRequestIsLoggedWithStatusDurationAndRun() {
    try (LogCapture requests = new LogCapture("dev.trellis.server.requests", Level.INFO)) {
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      String run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "chain")).get("run_id");
      http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null);
      http.call("GET", "/threads/" + t + "/nope", null);
      List<String> lines = requests.lines();
      assertTrue(lines.stream().anyMatch(l -> l.matches("INFO POST /threads 200 \\d+ms")), lines.toString());
      assertTrue(lines.stream().anyMatch(l -> l.matches("INFO POST /threads/" + t + "/runs 200 \\d+ms run_id=" + run)),
          lines.toString());
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("INFO GET /threads/" + t + "/runs/" + run + "/join 200 ")
          && l.endsWith("run_id=" + run)), lines.toString());
      assertTrue(lines.stream().anyMatch(l -> l.matches("INFO GET /threads/" + t + "/nope 404 \\d+ms")), lines.toString());
    }
  }

  @Test
  void aFailedRunIsLoggedWithItsIdAndCause() {
    try (LogCapture runs = new LogCapture("dev.trellis.server", Level.INFO)) {
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0),
          "config", Map.of("recursion_limit", 3)));
      String run = (String) ((Map<?, ?>) http.call("GET", "/threads/" + t + "/runs", null).list().getFirst()).get("run_id");
      assertTrue(runs.lines().stream().anyMatch(l -> l.startsWith("WARN run " + run) && l.contains("recursion limit of 3")),
          runs.lines().toString());
    }
  }

  @Test
  void requestAndFailedRunLinesCarryTheirFactsAsFieldsForJsonLogs() {
    try (LogCapture all = new LogCapture("dev.trellis.server", Level.INFO)) {
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0),
          "config", Map.of("recursion_limit", 3)));
      String run = (String) ((Map<?, ?>) http.call("GET", "/threads/" + t + "/runs", null).list().getFirst()).get("run_id");
      Map<String, Object> request = all.events().stream().filter(e -> e.getLoggerName().equals("dev.trellis.server.requests"))
          .map(LogCapture::fields).filter(f -> ("/threads/" + t + "/runs/wait").equals(f.get("path"))).findFirst()
          .orElseThrow(() -> new AssertionError(all.lines()));
      assertEquals("POST", request.get("method"));
      assertEquals(200, request.get("status"));
      assertEquals(run, request.get("run_id"));
      assertTrue(request.get("duration_ms") instanceof Long);
      Map<String, Object> failed = all.events().stream().filter(e -> e.getLoggerName().endsWith("RunExecution"))
          .map(LogCapture::fields).filter(f -> run.equals(f.get("run_id"))).findFirst()
          .orElseThrow(() -> new AssertionError(all.lines()));
      assertEquals(t, failed.get("thread_id"));
      assertTrue(String.valueOf(failed.get("error")).contains("recursion limit of 3"), failed.toString());
    }
  }
}
