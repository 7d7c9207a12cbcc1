package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The sample application with {@code trellis.server.*} properties set: API keys, excluded beans, body limit, path, worker, webhook allow-list. */
@SpringBootTest(classes = SampleApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "trellis.server.path=/lg",
    "trellis.server.api-keys.k-ann=ann",
    "trellis.server.exclude-beans=gated",
    "trellis.server.max-body-size=2KB",
    "trellis.server.worker-slots=3",
    "trellis.server.worker-id=spring-worker",
    "trellis.server.store.ttl.default-ttl=30m",
    "trellis.server.store.index.fields=text",
    "trellis.server.webhook-allow=10.77.0.0/16"})
class SpringPropertiesTest {
  @LocalServerPort
  int port;
  @Autowired
  TrellisServer server;
  final HttpClient client = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) throws IOException {
    Path dir = Files.createTempDirectory("trellis-spring-props");
    registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + dir.resolve("app.db"));
  }

  private HttpResponse<String> post(String path, String body, String apiKey) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    if (apiKey != null) {
      b.header("x-api-key", apiKey);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void requestsNeedOneOfTheConfiguredApiKeys() throws Exception {
    assertEquals(401, post("/lg/assistants/search", "{}", null).statusCode());
    assertEquals(401, post("/lg/assistants/search", "{}", "wrong").statusCode());
    assertEquals(200, post("/lg/assistants/search", "{}", "k-ann").statusCode());
  }

  @Test
  void excludedBeansAreNotServed() throws Exception {
    String assistants = post("/lg/assistants/search", "{\"limit\": 100}", "k-ann").body();
    assertTrue(assistants.contains("\"review\"") && assistants.contains("\"echo-bot\""), assistants);
    assertTrue(!assistants.contains("\"gated\""), "gated is excluded: " + assistants);
  }

  @Test
  void bodiesOverTheLimitAreRefused() throws Exception {
    HttpResponse<String> big = post("/lg/threads", "{\"metadata\": {\"x\": \"" + "y".repeat(4096) + "\"}}", "k-ann");
    assertEquals(413, big.statusCode(), big.body());
    assertEquals(200, post("/lg/threads", "{}", "k-ann").statusCode());
  }

  @Test
  void workerSettingsComeFromTheProperties() {
    assertEquals(3, server.workerSlots());
    assertEquals("spring-worker", server.workerId());
  }

  @Test
  void webhookTargetsTheAllowListNamesPassTheOthersInsideAreRefused() throws Exception {
    // The webhook is judged before the assistant is looked up: an allowed one gets as far as the unknown assistant.
    HttpResponse<String> allowed = post("/lg/runs", "{\"assistant_id\": \"nobody\", \"webhook\": \"http://10.77.1.2/hook\"}",
        "k-ann");
    assertEquals(404, allowed.statusCode(), allowed.body());
    HttpResponse<String> refused = post("/lg/runs", "{\"assistant_id\": \"nobody\", \"webhook\": \"http://10.78.1.2/hook\"}",
        "k-ann");
    assertEquals(422, refused.statusCode(), refused.body());
    assertTrue(refused.body().contains("rule private"), refused.body());
  }
}
