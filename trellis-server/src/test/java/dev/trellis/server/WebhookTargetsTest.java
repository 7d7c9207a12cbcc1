package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A run's or cron's webhook may not reach inside the server's network: internal targets are a 422 naming the rule
 * before any run exists; an operator's allow-list lets a host through, and a redirect is never followed.
 */
class WebhookTargetsTest {
  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:9/hook", "http://localhost:9/hook", "http://[::1]:9/hook",
      "http://[::ffff:127.0.0.1]:9/hook", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/hook",
      "http://192.168.0.10/hook", "http://172.20.0.1/hook"})
  void internalTargetsAreA422BeforeAnyRunExists(String url) {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "chain",
          "input", Map.of(), "webhook", url));
      assertEquals(422, run.status(), run.text());
      assertTrue(run.get("detail").contains("rule "), run.text());
      assertTrue(http.call("GET", "/threads/" + t + "/runs", null).list().isEmpty(), "no run was created");
      HttpClientHelper.Reply cron = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain",
          "schedule", "0 0 1 1 *", "webhook", url));
      assertEquals(422, cron.status(), cron.text());
      String ok = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *")).get("cron_id");
      assertEquals(422, http.call("PATCH", "/runs/crons/" + ok, Map.of("webhook", url)).status());
    }
  }

  @Test
  void anAllowedHostIsDeliveredAndARedirectIsNotFollowed() throws Exception {
    CompletableFuture<String> delivered = new CompletableFuture<>();
    AtomicInteger redirectedTo = new AtomicInteger();
    HttpServer inside = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    inside.createContext("/", ex -> {
      redirectedTo.incrementAndGet();
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.createContext("/hook", ex -> {
      delivered.complete(new String(ex.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    receiver.createContext("/moved", ex -> {
      ex.getRequestBody().readAllBytes();
      ex.getResponseHeaders().add("Location", "http://127.0.0.1:" + inside.getAddress().getPort() + "/secret");
      ex.sendResponseHeaders(307, -1);
      ex.close();
    });
    inside.start();
    receiver.start();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("hooks.db"))
        .webhookAllow(List.of("127.0.0.1")).start();
         LogCapture log = new LogCapture("dev.trellis.server.queue.RunExecution", Level.WARN)) {
      HttpClientHelper http = new HttpClientHelper(server);
      String base = "http://127.0.0.1:" + receiver.getAddress().getPort();
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of(), "webhook", base + "/hook")).status());
      Map<?, ?> body = HttpClientHelper.JSON.readValue(delivered.get(60, TimeUnit.SECONDS), Map.class);
      assertEquals("success", body.get("status"));

      assertEquals(200, http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of(), "webhook", base + "/moved")).status());
      long end = System.currentTimeMillis() + 60_000;
      while (log.lines().stream().noneMatch(l -> l.contains("redirects are not followed"))
          && System.currentTimeMillis() < end) {
        Thread.sleep(20);
      }
      assertTrue(log.lines().stream().anyMatch(l -> l.contains("answered 307; redirects are not followed")),
          log.lines().toString());
      assertEquals(0, redirectedTo.get(), "the redirect was followed");
      assertEquals(422, http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "chain", "input", Map.of(),
          "webhook", "http://127.0.0.2:9/hook")).status(), "only what the allow-list names passes");
    } finally {
      receiver.stop(0);
      inside.stop(0);
    }
  }
}
