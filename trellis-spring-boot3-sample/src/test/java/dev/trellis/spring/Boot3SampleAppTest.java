package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The starter's sample application on Spring Boot 3.5 (Tomcat, Spring MVC 6, Jackson 2, Actuator
 * 3.5) and SQLite: it starts — with no second copy of Boot's own auto-configurations from Boot 4
 * — and LangGraph's JS client drives its graphs under {@code /langgraph} on Boot's server.
 */
@SpringBootTest(classes = SampleApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "management.endpoints.web.exposure.include=health,metrics",
    "management.endpoint.health.show-details=always",
    "trellis.server.worker-slots=3"})
class Boot3SampleAppTest {
  @LocalServerPort
  int port;
  @Autowired
  ObjectMapper jackson2;
  @Autowired
  ServletWebServerApplicationContext web;
  final HttpClient client = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) throws IOException {
    Path dir = Files.createTempDirectory("trellis-boot3");
    registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + dir.resolve("app.db"));
  }

  @Test
  void runsOnSpringBoot35WithoutBoot4OnTheClassPath() {
    assertTrue(SpringBootVersion.getVersion().startsWith("3.5."), SpringBootVersion.getVersion());
    // Boot 4's MVC auto-configuration module: had the starter brought it, its error-view beans would
    // clash with Boot 3.5's (BeanDefinitionOverrideException: 'conventionErrorViewResolver').
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration"));
  }

  @Test
  void bootsOwnTomcatServesTheApiNotASecondContainer() {
    // Javalin brings Jetty's jars (see the starter's README); none of them may become the server.
    assertEquals("TomcatWebServer", web.getWebServer().getClass().getSimpleName());
    assertEquals(port, web.getWebServer().getPort());
  }

  @Test
  void theJsClientDrivesTheGraphsOnBootsOwnServer() throws Exception {
    JsSdk.drive("http://127.0.0.1:" + port + "/langgraph");
  }

  @Test
  void theApplicationsOwnEndpointAndTrellisShareTheServer() throws Exception {
    assertEquals("sample", get("/app/status").get("app").asText());
    HttpResponse<String> missing = send("/langgraph/threads/00000000-0000-0000-0000-000000000000");
    assertEquals(404, missing.statusCode(), missing.body());
    assertTrue(jackson2.readTree(missing.body()).get("detail").asText().contains("00000000"), missing.body());
  }

  @Test
  void actuatorHealthAndMetricsReportTrellisOnBoot35() throws Exception {
    JsonNode health = get("/actuator/health/trellis");
    assertEquals("UP", health.get("status").asText(), health.toString());
    assertEquals("reachable", health.get("details").get("database").asText());
    assertEquals(3, health.get("details").get("workerSlots").asInt());
    JsonNode slots = get("/actuator/metrics/trellis.worker.slots");
    assertEquals(3, slots.get("measurements").get(0).get("value").asDouble(), slots.toString());
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> r = send(path);
    assertEquals(200, r.statusCode(), path + " answered " + r.body());
    return jackson2.readTree(r.body());
  }

  private HttpResponse<String> send(String path) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
