package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.auth.Authenticator;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With auth on, a thread or assistant id another user holds is free for each user: creating it
 * succeeds, the creator works on their own copy under the same public id, and nothing they
 * receive (replies, headers, stream events) tells them the other one exists.
 */
class IdNamespaceTest {
  static final List<String> PG_URLS = new ArrayList<>();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Pattern THREAD_IDS = Pattern.compile("\"thread_id\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern ASSISTANT_IDS = Pattern.compile("\"assistant_id\"\\s*:\\s*\"([^\"]*)\"");

  static Stream<Arguments> databases() {
    return TestServers.onBothDatabases("ns.db", PG_URLS);
  }

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  static TrellisServer withUsers(Supplier<TrellisServer.Builder> db) {
    return db.get().authenticator(Authenticator.apiKeys(Map.of("key-a", "alice", "key-b", "bob")))
        .webhookAllow(List.of("127.0.0.1")).start();
  }

  /** Every {@code "<field>": "<id>"} in {@code text} names {@code expected}, and there is at least one. */
  static void onlyIds(Pattern field, String text, Set<String> expected) {
    Matcher m = field.matcher(text);
    int n = 0;
    while (m.find()) {
      assertTrue(expected.contains(m.group(1)), "unexpected id " + m.group(1) + " in " + text);
      n++;
    }
    assertTrue(n > 0, "no id in " + text);
  }

  static HttpClientHelper.Reply ok(HttpClientHelper.Reply r) {
    assertEquals(200, r.status(), r.text());
    return r;
  }

  @SuppressWarnings("unchecked")
  static List<Object> log(HttpClientHelper.Reply state) {
    return (List<Object>) ((Map<String, Object>) state.map().get("values")).get("log");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void aThreadIdAnotherUserHoldsIsASeparateThreadForEachUser(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = withUsers(db)) {
      HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      String t = ok(alice.call("POST", "/threads", Map.of("metadata", Map.of("owner", "alice")))).get("thread_id");
      ok(alice.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("log", List.of("alice")))));

      HttpClientHelper.Reply created = ok(bob.call("POST", "/threads", Map.of("thread_id", t, "metadata", Map.of("owner", "bob"))));
      assertEquals(t, created.get("thread_id"));
      assertEquals(Map.of("owner", "bob"), created.map().get("metadata"));
      assertEquals(null, created.map().get("values"), "bob's thread starts empty");

      HttpClientHelper.Reply waited = ok(bob.call("POST", "/threads/" + t + "/runs/wait",
          Map.of("assistant_id", "chain", "input", Map.of("log", List.of("bob")))));
      assertEquals("bob", ((List<?>) waited.map().get("log")).getFirst());
      assertTrue(waited.raw().headers().firstValue("Content-Location").orElseThrow().startsWith("/threads/" + t + "/runs/"));

      HttpClientHelper.Reply state = ok(bob.call("GET", "/threads/" + t + "/state", null));
      assertEquals("bob", log(state).getFirst());
      onlyIds(THREAD_IDS, state.text(), Set.of(t));
      HttpClientHelper.Reply history = ok(bob.call("POST", "/threads/" + t + "/history", Map.of("limit", 100)));
      onlyIds(THREAD_IDS, history.text(), Set.of(t));
      assertFalse(history.text().contains("alice"), history.text());
      HttpClientHelper.Reply runs = ok(bob.call("GET", "/threads/" + t + "/runs", null));
      assertEquals(1, runs.list().size());
      onlyIds(THREAD_IDS, runs.text(), Set.of(t));

      HttpClientHelper.Reply stream = ok(bob.call("POST", "/threads/" + t + "/runs/stream", Map.of("assistant_id", "chain",
          "input", Map.of("log", List.of("again")), "stream_mode", List.of("values", "updates", "debug", "checkpoints"))));
      assertTrue(stream.text().contains("event: debug"), stream.text());
      onlyIds(THREAD_IDS, stream.text(), Set.of(t));
      assertFalse(stream.text().contains("alice"), stream.text());

      HttpClientHelper.Reply search = ok(bob.call("POST", "/threads/search", Map.of("ids", List.of(t))));
      assertEquals(1, search.list().size());
      onlyIds(THREAD_IDS, search.text(), Set.of(t));
      assertEquals(Map.of("owner", "bob"), Map.of("owner", ((Map<?, ?>) ((Map<?, ?>) search.list().getFirst()).get("metadata")).get("owner")));
      assertEquals(1, ((Number) ok(bob.call("POST", "/threads/count", Map.of())).body()).intValue());

      HttpClientHelper.Reply cron = ok(bob.call("POST", "/threads/" + t + "/runs/crons",
          Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *")));
      assertEquals(t, cron.get("thread_id"));
      assertEquals(1, ok(bob.call("POST", "/runs/crons/search", Map.of("thread_id", t))).list().size());
      assertEquals(0, ok(alice.call("POST", "/runs/crons/search", Map.of())).list().size());

      HttpClientHelper.Reply mine = ok(alice.call("GET", "/threads/" + t + "/state", null));
      assertEquals("alice", log(mine).getFirst(), "alice's thread is untouched");
      assertEquals(1, ok(alice.call("GET", "/threads/" + t + "/runs", null)).list().size());
      assertEquals("alice", ((Map<?, ?>) ok(alice.call("GET", "/threads/" + t, null)).map().get("metadata")).get("owner"));

      HttpClientHelper.Reply again = bob.call("POST", "/threads", Map.of("thread_id", t));
      assertEquals(409, again.status(), "bob's own thread exists now: " + again.text());
      assertEquals(t, ok(bob.call("POST", "/threads", Map.of("thread_id", t, "if_exists", "do_nothing"))).get("thread_id"));

      assertTrue(bob.call("DELETE", "/threads/" + t, null).status() < 300);
      assertEquals(404, bob.call("GET", "/threads/" + t, null).status());
      assertEquals("alice", log(ok(alice.call("GET", "/threads/" + t + "/state", null))).getFirst());
      assertEquals(null, ok(bob.call("POST", "/threads", Map.of("thread_id", t))).map().get("values"),
          "bob can create the id again");
    }
  }

  /** {@code GET /threads/{t}/stream} from {@code lastEventId} on, read until the first {@code run_done} event. */
  static String threadStreamUntilRunDone(TrellisServer server, String key, String t, String lastEventId) throws Exception {
    HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/threads/" + t + "/stream"))
        .header("x-api-key", key).header("Last-Event-ID", lastEventId).timeout(Duration.ofSeconds(30)).GET().build();
    HttpResponse<Stream<String>> res = HTTP.send(req, HttpResponse.BodyHandlers.ofLines());
    assertEquals(200, res.statusCode());
    StringBuilder text = new StringBuilder();
    try (Stream<String> lines = res.body()) {
      var it = lines.iterator();
      boolean done = false;
      while (it.hasNext()) {
        String line = it.next();
        text.append(line).append('\n');
        if (done && line.startsWith("data: ")) {
          break;
        }
        done |= line.equals("event: run_done");
      }
    }
    return text.toString();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void ifNotExistsCreateMakesTheCallersOwnThread(String name, Supplier<TrellisServer.Builder> db) throws Exception {
    try (TrellisServer server = withUsers(db)) {
      HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      String t = UUID.randomUUID().toString();
      ok(alice.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain", "if_not_exists", "create",
          "input", Map.of("log", List.of("alice")))));

      HttpClientHelper.Reply run = ok(bob.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "chain",
          "if_not_exists", "create", "input", Map.of("log", List.of("bob")))));
      assertEquals(t, run.get("thread_id"));
      onlyIds(THREAD_IDS, run.text(), Set.of(t));
      HttpClientHelper.Reply joined = ok(bob.call("GET", "/threads/" + t + "/runs/" + run.get("run_id") + "/join", null));
      assertEquals("bob", ((List<?>) joined.map().get("log")).getFirst());

      String threadStream = threadStreamUntilRunDone(server, "key-b", t, run.get("run_id") + ":0");
      assertTrue(threadStream.contains("event: run_done"), threadStream);
      onlyIds(THREAD_IDS, threadStream, Set.of(t));

      HttpClientHelper.Reply stream = ok(bob.call("POST", "/threads/" + t + "/runs/stream", Map.of("assistant_id", "chain",
          "if_not_exists", "create", "input", Map.of("log", List.of("bob2")), "stream_mode", List.of("debug"))));
      onlyIds(THREAD_IDS, stream.text(), Set.of(t));

      assertEquals("bob", log(ok(bob.call("GET", "/threads/" + t + "/state", null))).getFirst());
      assertEquals("alice", log(ok(alice.call("GET", "/threads/" + t + "/state", null))).getFirst());
      assertEquals(1, ok(alice.call("GET", "/threads/" + t + "/runs", null)).list().size());
      assertEquals(2, ok(bob.call("GET", "/threads/" + t + "/runs", null)).list().size());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void anAssistantIdAnotherUserHoldsIsASeparateAssistantForEachUser(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = withUsers(db)) {
      HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      String a = UUID.randomUUID().toString();
      ok(alice.call("POST", "/assistants", Map.of("assistant_id", a, "graph_id", "chain", "name", "alice's")));

      HttpClientHelper.Reply created = ok(bob.call("POST", "/assistants", Map.of("assistant_id", a, "graph_id", "chain", "name", "bob's")));
      assertEquals(a, created.get("assistant_id"));
      assertEquals("bob's", ok(bob.call("GET", "/assistants/" + a, null)).get("name"));
      assertEquals("alice's", ok(alice.call("GET", "/assistants/" + a, null)).get("name"));
      ok(bob.call("PATCH", "/assistants/" + a, Map.of("name", "bob's v2")));
      assertEquals("alice's", ok(alice.call("GET", "/assistants/" + a, null)).get("name"));
      HttpClientHelper.Reply versions = ok(bob.call("POST", "/assistants/" + a + "/versions", Map.of()));
      assertEquals(2, versions.list().size());
      onlyIds(ASSISTANT_IDS, versions.text(), Set.of(a));
      HttpClientHelper.Reply found = ok(bob.call("POST", "/assistants/search", Map.of("graph_id", "chain", "limit", 100)));
      assertTrue(found.text().contains("bob's v2") && !found.text().contains("alice's"), found.text());

      String t = ok(bob.call("POST", "/threads", Map.of())).get("thread_id");
      HttpClientHelper.Reply stream = ok(bob.call("POST", "/threads/" + t + "/runs/stream", Map.of("assistant_id", a,
          "input", Map.of("log", List.of("bob")), "stream_mode", List.of("values", "debug"))));
      assertFalse(stream.text().contains("event: error"), stream.text());
      onlyIds(ASSISTANT_IDS, stream.text(), Set.of(a));
      onlyIds(ASSISTANT_IDS, ok(bob.call("GET", "/threads/" + t + "/runs", null)).text(), Set.of(a));
      onlyIds(ASSISTANT_IDS, ok(bob.call("GET", "/threads/" + t, null)).text(), Set.of(a));
      assertEquals(1, ok(bob.call("POST", "/threads/search", Map.of("metadata", Map.of("assistant_id", a)))).list().size());
      HttpClientHelper.Reply cron = ok(bob.call("POST", "/runs/crons", Map.of("assistant_id", a, "schedule", "0 0 1 1 *")));
      assertEquals(a, cron.get("assistant_id"));
      assertEquals(1, ok(bob.call("POST", "/runs/crons/search", Map.of("assistant_id", a))).list().size());

      assertTrue(bob.call("DELETE", "/assistants/" + a, null).status() < 300);
      assertEquals(404, bob.call("GET", "/assistants/" + a, null).status());
      assertEquals("alice's", ok(alice.call("GET", "/assistants/" + a, null)).get("name"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void aWebhookNamesTheCallersPublicIds(String name, Supplier<TrellisServer.Builder> db) throws Exception {
    CompletableFuture<String> got = new CompletableFuture<>();
    HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    hook.createContext("/hook", ex -> {
      got.complete(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    hook.start();
    try (TrellisServer server = withUsers(db)) {
      HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      String t = ok(alice.call("POST", "/threads", Map.of())).get("thread_id");
      String a = UUID.randomUUID().toString();
      ok(alice.call("POST", "/assistants", Map.of("assistant_id", a, "graph_id", "chain")));
      ok(bob.call("POST", "/assistants", Map.of("assistant_id", a, "graph_id", "chain")));
      ok(bob.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", a, "if_not_exists", "create",
          "input", Map.of(), "webhook", "http://127.0.0.1:" + hook.getAddress().getPort() + "/hook")));
      Map<?, ?> body = HttpClientHelper.JSON.readValue(got.get(10, TimeUnit.SECONDS), Map.class);
      assertEquals(t, body.get("thread_id"));
      assertEquals(a, body.get("assistant_id"));
    } finally {
      hook.stop(0);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void systemAssistantsStayShared(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = withUsers(db)) {
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      String system = ok(bob.call("GET", "/assistants/chain", null)).get("assistant_id");
      assertEquals(409, bob.call("POST", "/assistants", Map.of("assistant_id", system, "graph_id", "approval")).status());
      assertEquals("chain", ok(new HttpClientHelper(server).as("key-a").call("GET", "/assistants/" + system, null)).get("graph_id"));
    }
  }

  @Test
  void withoutAuthATakenIdIsStillAConflict() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = ok(http.call("POST", "/threads", Map.of())).get("thread_id");
      assertEquals(409, http.call("POST", "/threads", Map.of("thread_id", t)).status());
      String a = ok(http.call("POST", "/assistants", Map.of("graph_id", "chain"))).get("assistant_id");
      assertEquals(409, http.call("POST", "/assistants", Map.of("assistant_id", a, "graph_id", "chain")).status());
    }
  }
}
