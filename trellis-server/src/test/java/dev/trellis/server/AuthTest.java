package dev.trellis.server;

import dev.trellis.server.auth.Authenticator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** API-key auth: resources belong to their creator; another user can neither read, list, stream, resume nor delete them. */
class AuthTest {
  static TrellisServer server;
  static HttpClientHelper anonymous;
  static HttpClientHelper alice;
  static HttpClientHelper bob;
  static String thread;
  static String run;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("auth.db"))
        .authenticator(Authenticator.apiKeys(Map.of("key-a", "alice", "key-b", "bob"))).start();
    anonymous = new HttpClientHelper(server);
    alice = anonymous.as("key-a");
    bob = anonymous.as("key-b");
    thread = alice.call("POST", "/threads", Map.of("metadata", Map.of("owner", "alice"))).get("thread_id");
    HttpClientHelper.Reply r = alice.call("POST", "/threads/" + thread + "/runs/wait",
        Map.of("assistant_id", "approval", "input", Map.of("topics", List.of(List.of("x")))));
    assertEquals(200, r.status());
    run = alice.call("GET", "/threads/" + thread + "/runs", null).list().stream()
        .map(x -> (String) ((Map<?, ?>) x).get("run_id")).findFirst().orElseThrow();
    alice.call("PUT", "/store/items", Map.of("namespace", List.of("notes"), "key", "k", "value", Map.of("secret", 1)));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void requestsWithoutAValidKeyAreRefusedButHealthIsOpen() {
    HttpClientHelper.Reply r = anonymous.call("POST", "/threads", Map.of());
    assertEquals(401, r.status());
    assertTrue(r.get("detail").contains("credentials"));
    assertEquals(401, anonymous.as("wrong").call("GET", "/threads/" + thread, null).status());
    assertEquals(200, anonymous.call("GET", "/ok", null).status());
  }

  @Test
  void anotherUserCannotReadAThread() {
    assertEquals(200, alice.call("GET", "/threads/" + thread, null).status());
    assertEquals(404, bob.call("GET", "/threads/" + thread, null).status());
    assertEquals(404, bob.call("GET", "/threads/" + thread + "/state", null).status());
    assertEquals(404, bob.call("POST", "/threads/" + thread + "/history", Map.of()).status());
  }

  @Test
  void anotherUserCannotListThreadsOrRuns() {
    assertEquals(1, alice.call("POST", "/threads/search", Map.of()).list().size());
    assertEquals(0, bob.call("POST", "/threads/search", Map.of()).list().size());
    assertEquals(0, ((Number) bob.call("POST", "/threads/count", Map.of()).body()).intValue());
    assertEquals(404, bob.call("GET", "/threads/" + thread + "/runs", null).status());
    assertEquals(404, bob.call("GET", "/threads/" + thread + "/runs/" + run, null).status());
  }

  @Test
  void anotherUserCannotStreamOrJoinARun() {
    assertEquals(404, bob.call("GET", "/threads/" + thread + "/runs/" + run + "/stream", null).status());
    assertEquals(404, bob.call("GET", "/threads/" + thread + "/runs/" + run + "/join", null).status());
    assertEquals(404, bob.call("GET", "/runs/" + run + "/stream", null).status());
  }

  @Test
  void anotherUserCannotResumeUpdateCancelOrDeleteAThread() {
    HttpClientHelper.Reply resume = bob.call("POST", "/threads/" + thread + "/runs/wait",
        Map.of("assistant_id", "approval", "command", Map.of("resume", "yes")));
    assertEquals(404, resume.status());
    assertEquals(404, bob.call("POST", "/threads/" + thread + "/state", Map.of("values", Map.of("approved", "yes"))).status());
    assertEquals(404, bob.call("POST", "/threads/" + thread + "/runs/" + run + "/cancel", null).status());
    assertEquals(404, bob.call("DELETE", "/threads/" + thread, null).status());
    assertEquals(404, bob.call("POST", "/threads/" + thread + "/copy", null).status());
    assertEquals("interrupted", alice.call("GET", "/threads/" + thread, null).get("status"));
  }

  @Test
  void storeItemsAreSeparatePerUser() {
    assertEquals(Map.of("secret", 1), ((Map<?, ?>) alice.call("GET", "/store/items?namespace=notes&key=k", null)
        .map().get("value")));
    assertEquals(null, bob.call("GET", "/store/items?namespace=notes&key=k", null).body());
    assertEquals(List.of(), bob.call("POST", "/store/items/search", Map.of("namespace_prefix", List.of("notes"))).map().get("items"));
    assertEquals(List.of(), bob.call("POST", "/store/namespaces", Map.of()).map().get("namespaces"));
    assertEquals(List.of(List.of("notes")), alice.call("POST", "/store/namespaces", Map.of()).map().get("namespaces"));
    bob.call("DELETE", "/store/items", Map.of("namespace", List.of("notes"), "key", "k"));
    assertTrue(alice.call("GET", "/store/items?namespace=notes&key=k", null).body() != null, "bob's delete touched nothing");
  }

  @Test
  void assistantsAreSeparatePerUserButSystemOnesAreShared() {
    String mine = alice.call("POST", "/assistants", Map.of("graph_id", "chain", "name", "alice's")).get("assistant_id");
    assertEquals(200, alice.call("GET", "/assistants/" + mine, null).status());
    assertEquals(404, bob.call("GET", "/assistants/" + mine, null).status());
    assertEquals(200, bob.call("GET", "/assistants/chain", null).status());
    assertEquals(404, bob.call("PATCH", "/assistants/" + mine, Map.of("metadata", Map.of("x", 1))).status());
  }
}
