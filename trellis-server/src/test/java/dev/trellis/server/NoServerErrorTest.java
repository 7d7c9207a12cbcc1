package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.auth.Authenticator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Requests a fuzzer found answered with a 5xx, a wrong status or after a long wait: each is now a prompt 4xx JSON reply or succeeds. */
class NoServerErrorTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("errors.db")).maxBodyBytes(64 * 1024).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void refused(HttpClientHelper.Reply r, int status, String code, String detailPart) {
    assertEquals(status, r.status(), r.text());
    assertTrue(r.raw().headers().firstValue("content-type").orElse("").startsWith("application/json"), r.text());
    assertEquals(code, r.get("code"), r.text());
    assertTrue(r.get("detail").contains(detailPart), r.text());
  }

  @Test
  void aCronScheduleThatNeverFiresIsA422() {
    refused(http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 31 2 *")), 422,
        "INVALID_REQUEST", "never fires");
    String cron = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *")).get("cron_id");
    refused(http.call("PATCH", "/runs/crons/" + cron, Map.of("schedule", "0 0 30 2 *")), 422, "INVALID_REQUEST",
        "never fires");
    http.call("DELETE", "/runs/crons/" + cron, null);
  }

  @Test
  void mcpInitializeWithoutParamsIsA400() {
    HttpClientHelper mcp = new HttpClientHelper("http://127.0.0.1:" + server.port(),
        Map.of("Accept", "application/json, text/event-stream"));
    HttpClientHelper.Reply r = mcp.call("POST", "/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize"));
    refused(r, 400, "INVALID_REQUEST", "params");
  }

  @Test
  void storeSearchWithANullFilterValueIsA422() {
    refused(http.raw("POST", "/store/items/search", "{\"namespace_prefix\": [\"a\"], \"filter\": {\"v\": null}}",
        "application/json"), 422, "INVALID_REQUEST", "filter");
  }

  @Test
  void aStateEditSentTheMomentWaitReturnsIsAccepted() {
    // The run's fence used to outlive its done marker by a few instructions: 2-4 % of edits failed with a 500.
    for (int i = 0; i < 40; i++) {
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("count", 0))).status());
      HttpClientHelper.Reply edit = http.call("POST", "/threads/" + t + "/state", Map.of("values", Map.of("count", 99)));
      assertEquals(200, edit.status(), "edit " + i + ": " + edit.text());
    }
  }

  @Test
  void aDeeplyNestedCronPayloadThatWasAcceptedReadsBack() {
    int depth = 999; // inside the body object: the deepest body the edge accepts (1,000 levels)
    String input = "[".repeat(depth) + "]".repeat(depth);
    String body = "{\"assistant_id\": \"chain\", \"schedule\": \"0 0 1 1 *\", \"metadata\": {\"deep\": 1}, \"input\": {\"x\": "
        + input.substring(1, input.length() - 1) + "}}";
    HttpClientHelper.Reply created = http.raw("POST", "/runs/crons", body, "application/json");
    assertEquals(200, created.status(), created.text());
    HttpClientHelper.Reply found = http.raw("POST", "/runs/crons/search", "{}", "application/json");
    assertEquals(200, found.status(), found.text());
    assertTrue(found.text().contains("[".repeat(depth - 2)), "the payload came back whole");
    http.call("DELETE", "/runs/crons/" + created.get("cron_id"), null);
    String tooDeep = "{\"input\": " + "[".repeat(1000) + "]".repeat(1000) + "}";
    refused(http.raw("POST", "/runs/crons", tooDeep, "application/json"), 422, "INVALID_REQUEST", "nesting");
  }

  @Test
  void aContentLengthOverTheLimitIsAnswered413AtOnceWithoutReadingTheBody() {
    // The body is never sent: a server that waits for it answers only at its idle timeout (30 s) and the read below gives up first.
    RawHttp.Reply r = RawHttp.send(server.port(), "POST /threads HTTP/1.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 100000000", null);
    assertEquals(413, r.status(), r.body());
    assertTrue(r.contentType().startsWith("application/json"), r.contentType());
    assertTrue(r.body().contains("\"code\":\"TOO_LARGE\""), r.body());
  }

  @Test
  void aBodyCutShortByTheClientsHalfCloseIsA400() {
    String sent = "{\"metadata\": {\"a\": ";
    RawHttp.Reply r = RawHttp.halfClosed(server.port(), "/threads", sent.getBytes(StandardCharsets.UTF_8).length + 40,
        sent);
    assertEquals(400, r.status(), r.body());
    assertTrue(r.contentType().startsWith("application/json"), r.contentType());
    assertTrue(r.body().contains("\"detail\""), r.body());
  }

  @Test
  void a401CarriesTheCodeUnauthorized() {
    try (TrellisServer authed = TestServers.builder().sqlite(TestServers.tempDir().resolve("auth.db"))
        .authenticator(Authenticator.apiKeys(Map.of("key-a", "alice"))).start()) {
      HttpClientHelper anonymous = new HttpClientHelper(authed);
      refused(anonymous.call("POST", "/threads", Map.of()), 401, "UNAUTHORIZED", "credentials");
      refused(anonymous.as("wrong").call("GET", "/threads/" + List.of("x").getFirst(), null), 401, "UNAUTHORIZED",
          "credentials");
    }
  }
}
