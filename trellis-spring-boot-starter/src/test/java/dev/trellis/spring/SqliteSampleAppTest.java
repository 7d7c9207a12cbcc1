package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.servlet.context.ServletWebServerApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample application on SQLite (its {@code spring.datasource.url} a file), booted on a
 * random port with Spring MVC, Jackson 3 and Actuator: LangGraph's JS client drives the graphs
 * under {@code /langgraph}, streams arrive event by event through the servlet, and health and
 * metrics report what the runs did.
 */
@SpringBootTest(classes = SampleApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "management.endpoints.web.exposure.include=health,metrics",
    "management.endpoint.health.show-details=always",
    "trellis.server.worker-slots=4"})
class SqliteSampleAppTest {
  @LocalServerPort
  int port;
  @Autowired
  JsonMapper jackson3;
  @Autowired
  ServletWebServerApplicationContext web;
  Http http;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) throws IOException {
    Path dir = Files.createTempDirectory("trellis-spring");
    registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + dir.resolve("app.db"));
  }

  @BeforeEach
  void client() {
    http = new Http(port, jackson3);
  }

  @Test
  void theJsClientCreatesAThreadStreamsARunAndReadsItsState() throws Exception {
    double started = counter("trellis.runs.started", null);
    double succeeded = counter("trellis.runs.ended", "status:success");
    JsSdk.drive(http.base() + "/langgraph");
    // The script's runs: hello streamed, review paused then continued, echo-bot. The worker counts
    // a run after its result is stored, so the client may see it end first.
    awaitCounter("trellis.runs.ended", "status:success", succeeded + 4);
    assertEquals(started + 4, counter("trellis.runs.started", null));
    assertEquals(0, counter("trellis.runs.ended", "status:error"));
    JsonNode duration = http.get("/actuator/metrics/trellis.runs.duration");
    assertTrue(measurement(duration, "COUNT") >= 1, duration.toString());
    JsonNode steps = http.get("/actuator/metrics/trellis.steps.duration");
    assertTrue(measurement(steps, "COUNT") >= 2, "the hello graph's greet and sign steps: " + steps);
  }

  @Test
  void aStreamDeliversEventsWhileTheRunIsStillGoing() throws Exception {
    SampleApp.GATE = new CompletableFuture<>();
    String threadId = http.json(200, "POST", "/langgraph/threads", "{}").get("thread_id").asString();
    HttpRequest req = HttpRequest.newBuilder(URI.create(http.base() + "/langgraph/threads/" + threadId + "/runs/stream"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"assistant_id\":\"gated\",\"input\":{},\"stream_mode\":[\"updates\"]}"))
        .build();
    HttpResponse<Stream<String>> r = http.client().send(req, HttpResponse.BodyHandlers.ofLines());
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
    Iterator<String> lines = r.body().iterator();
    // "second" waits for the gate, so reading "first" proves the servlet flushes events as they happen.
    assertTrue(readUntil(lines, "\"first\""), "no update from node first");
    assertFalse(SampleApp.GATE.isDone());
    JsonNode running = http.get("/langgraph/threads/" + threadId);
    assertEquals("busy", running.get("status").asString());
    SampleApp.GATE.complete(null);
    assertTrue(readUntil(lines, "\"second\""), "no update from node second");
    r.body().close();
  }

  @Test
  void bootsOwnTomcatServesTheApiNotASecondContainer() {
    // Javalin brings Jetty's jars (see the README); none of them may become the server.
    assertEquals("TomcatWebServer", web.getWebServer().getClass().getSimpleName());
    assertEquals(port, web.getWebServer().getPort());
  }

  @Test
  void healthReportsTheDatabaseTheQueueAndTheWorkerSlots() throws Exception {
    JsonNode health = http.get("/actuator/health/trellis");
    assertEquals("UP", health.get("status").asString());
    JsonNode details = health.get("details");
    assertEquals("reachable", details.get("database").asString());
    assertEquals(4, details.get("workerSlots").asInt());
    assertTrue(details.has("pendingRuns") && details.has("runningRuns") && details.has("queueLagMillis")
        && details.has("busyWorkerSlots"), details.toString());
    JsonNode all = http.get("/actuator/health");
    assertEquals("UP", all.get("status").asString());
  }

  @Test
  void metricsNameTheQueueAndWorkerGauges() throws Exception {
    JsonNode names = http.get("/actuator/metrics").get("names");
    for (String name : List.of("trellis.runs.started", "trellis.runs.ended", "trellis.runs.duration",
        "trellis.queue.pending", "trellis.queue.running", "trellis.queue.lag", "trellis.worker.busy",
        "trellis.worker.slots", "trellis.steps.duration", "trellis.tasks.failed")) {
      assertTrue(names.toString().contains("\"" + name + "\""), name + " missing from " + names);
    }
    assertEquals(4, measurement(http.get("/actuator/metrics/trellis.worker.slots"), "VALUE"));
  }

  @Test
  void theApplicationsOwnJsonIsJackson3AndTrellisErrorsStayTrellis() throws Exception {
    JsonNode status = http.get("/app/status");
    assertEquals("sample", status.get("app").asString());
    assertEquals("tools.jackson.databind.json.JsonMapper", jackson3.getClass().getName());
    JsonNode missing = http.json(404, "GET", "/langgraph/threads/00000000-0000-0000-0000-000000000000", null);
    assertTrue(missing.get("detail").asString().contains("00000000-0000-0000-0000-000000000000"), missing.toString());
    JsonNode bad = http.json(422, "POST", "/langgraph/threads/search", "{\"limit\":\"many\"}");
    assertTrue(bad.has("detail"), bad.toString());
  }

  private double counter(String name, String tag) throws Exception {
    String path = "/actuator/metrics/" + name + (tag == null ? "" : "?tag=" + tag);
    HttpResponse<String> r = http.send("GET", path, null);
    if (r.statusCode() == 404) {
      return 0;
    }
    return measurement(jackson3.readTree(r.body()), "COUNT");
  }

  private void awaitCounter(String name, String tag, double expected) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    double now;
    while ((now = counter(name, tag)) < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(expected, now, name + " " + tag);
  }

  private static double measurement(JsonNode metric, String statistic) {
    for (JsonNode m : metric.get("measurements")) {
      if (statistic.equals(m.get("statistic").asString())) {
        return m.get("value").asDouble();
      }
    }
    throw new AssertionError("no " + statistic + " in " + metric);
  }

  private static boolean readUntil(Iterator<String> lines, String needle) {
    while (lines.hasNext()) {
      if (lines.next().contains(needle)) {
        return true;
      }
    }
    return false;
  }
}
