package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.auth.Authenticator;
import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code /mcp}'s streamable HTTP transport by hand: sessions, protocol version header, event-stream replies, GET and DELETE. */
class McpSessionTest {
  static final String BOTH = "application/json, text/event-stream";
  static final TestClock CLOCK = TestClock.running();
  static TrellisServer server;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("mcp.db")).clock(CLOCK)
        .authenticator(Authenticator.apiKeys(Map.of("k-ann", "ann", "k-bob", "bob"))).start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A client of {@code key}'s user sending {@code headers} with each message. */
  static HttpClientHelper client(String key, String accept, String session, String version) {
    Map<String, String> h = new HashMap<>(Map.of("x-api-key", key, "Accept", accept));
    if (session != null) {
      h.put("Mcp-Session-Id", session);
    }
    if (version != null) {
      h.put("MCP-Protocol-Version", version);
    }
    return new HttpClientHelper("http://127.0.0.1:" + server.port(), h);
  }

  static Map<String, Object> request(Object id, String method, Map<String, Object> params) {
    return Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params);
  }

  /** Initializes as {@code key}'s user and returns the session id the reply carries. */
  static String initialize(String key) {
    var init = client(key, BOTH, null, null).call("POST", "/mcp", request(1, "initialize",
        Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "t", "version", "1"))));
    assertEquals(200, init.status(), init.text());
    assertEquals("2025-06-18", ((Map<?, ?>) init.map().get("result")).get("protocolVersion"));
    return init.raw().headers().firstValue("Mcp-Session-Id").orElseThrow(() -> new AssertionError("no session id"));
  }

  @Test
  void initializeOpensASessionThatLaterMessagesMustSend() {
    String session = initialize("k-ann");
    assertNotEquals(session, initialize("k-ann"), "each initialize opens its own session");
    var without = client("k-ann", BOTH, null, null).call("POST", "/mcp", request(2, "tools/list", Map.of()));
    assertEquals(400, without.status());
    assertTrue(without.get("detail").contains("Mcp-Session-Id"), without.text());
    var unknown = client("k-ann", BOTH, "no-such-session", null).call("POST", "/mcp", request(2, "tools/list", Map.of()));
    assertEquals(404, unknown.status());
    var ok = client("k-ann", BOTH, session, "2025-06-18").call("POST", "/mcp", request(2, "tools/list", Map.of()));
    assertEquals(200, ok.status(), ok.text());
    assertTrue(ok.raw().headers().firstValue("content-type").orElse("").startsWith("application/json"),
        "a quick request answers JSON when JSON is accepted");
    assertTrue(((List<?>) ((Map<?, ?>) ok.map().get("result")).get("tools")).size() >= 4);
    assertEquals(202, client("k-ann", BOTH, session, null).call("POST", "/mcp",
        Map.of("jsonrpc", "2.0", "method", "notifications/initialized")).status());
  }

  @Test
  void anotherUsersSessionIsUnknown() {
    String anns = initialize("k-ann");
    assertEquals(404, client("k-bob", BOTH, anns, null).call("POST", "/mcp", request(3, "ping", Map.of())).status());
    assertEquals(404, client("k-bob", BOTH, anns, null).call("DELETE", "/mcp", null).status(), "nor can bob end it");
    assertEquals(200, client("k-ann", BOTH, anns, null).call("POST", "/mcp", request(3, "ping", Map.of())).status());
  }

  @Test
  void deleteEndsTheSession() {
    String session = initialize("k-ann");
    assertEquals(400, client("k-ann", BOTH, null, null).call("DELETE", "/mcp", null).status());
    assertEquals(204, client("k-ann", BOTH, session, null).call("DELETE", "/mcp", null).status());
    assertEquals(404, client("k-ann", BOTH, session, null).call("POST", "/mcp", request(4, "ping", Map.of())).status());
    assertEquals(404, client("k-ann", BOTH, session, null).call("DELETE", "/mcp", null).status());
  }

  @Test
  void aSessionIdleForADayIsGone() {
    String session = initialize("k-ann");
    CLOCK.advance(Duration.ofHours(23));
    assertEquals(200, client("k-ann", BOTH, session, null).call("POST", "/mcp", request(5, "ping", Map.of())).status());
    CLOCK.advance(Duration.ofHours(23));
    assertEquals(200, client("k-ann", BOTH, session, null).call("POST", "/mcp", request(5, "ping", Map.of())).status(),
        "used an hour ago: still live");
    CLOCK.advance(Duration.ofHours(25));
    assertEquals(404, client("k-ann", BOTH, session, null).call("POST", "/mcp", request(5, "ping", Map.of())).status());
  }

  @Test
  void anUnsupportedProtocolVersionHeaderIsRefused() {
    String session = initialize("k-ann");
    var r = client("k-ann", BOTH, session, "1999-01-01").call("POST", "/mcp", request(6, "ping", Map.of()));
    assertEquals(400, r.status());
    assertTrue(r.get("detail").contains("2025-06-18"), r.text());
    assertEquals(200, client("k-ann", BOTH, session, "2025-03-26").call("POST", "/mcp", request(6, "ping", Map.of())).status());
  }

  @Test
  void toolCallsAnswerAsAnEventStreamWhenTheClientAcceptsOne() {
    String session = initialize("k-ann");
    var r = client("k-ann", BOTH, session, null).call("POST", "/mcp", request("c1", "tools/call",
        Map.of("name", "chain", "arguments", Map.of("count", 0))));
    assertEquals(200, r.status(), r.text());
    assertTrue(r.raw().headers().firstValue("content-type").orElse("").startsWith("text/event-stream"), r.raw().headers().map().toString());
    String data = r.text().lines().filter(l -> l.startsWith("data: ")).findFirst()
        .orElseThrow(() -> new AssertionError("no data line in " + r.text())).substring("data: ".length());
    assertTrue(r.text().contains("event: message"), r.text());
    Map<?, ?> reply = (Map<?, ?>) HttpClientHelper.readJson(data);
    assertEquals("c1", reply.get("id"));
    Map<?, ?> result = (Map<?, ?>) reply.get("result");
    assertEquals(false, result.get("isError"));
    String text = (String) ((Map<?, ?>) ((List<?>) result.get("content")).getFirst()).get("text");
    assertEquals(10, ((Map<?, ?>) HttpClientHelper.readJson(text)).get("count"));

    var streamOnly = client("k-ann", "text/event-stream", session, null).call("POST", "/mcp", request(7, "tools/list", Map.of()));
    assertTrue(streamOnly.raw().headers().firstValue("content-type").orElse("").startsWith("text/event-stream"),
        "a client accepting only event streams gets one for any request");
    var jsonOnly = client("k-ann", "application/json", session, null).call("POST", "/mcp", request("c2", "tools/call",
        Map.of("name", "chain", "arguments", Map.of("count", 0))));
    assertNotNull(jsonOnly.map().get("result"), "a client accepting only JSON gets JSON: " + jsonOnly.text());
  }

  @Test
  void getOffersNoStreamAndSaysWhichMethodsThereAre() {
    var r = client("k-ann", "text/event-stream", initialize("k-ann"), null).call("GET", "/mcp", null);
    assertEquals(405, r.status());
    assertEquals("POST, DELETE", r.raw().headers().firstValue("Allow").orElse(""));
  }
}
