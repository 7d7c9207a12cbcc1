package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every family of routes answers in the caller's public ids, because they are applied in one place
 * on the way out ({@code PublicIds}): bob holds his own thread under an id alice took first, so it is
 * stored under another id, and a graph that writes its own (stored) thread id into the state makes
 * that id appear in values, results, histories, streams, errors, A2A tasks and an application's own
 * route — each must show bob only the id he used, never the stored one.
 */
class PublicIdsOnTheWayOutTest {
  static final Key<String> WHERE = Key.of("where", String.class);
  static final Key<List<Object>> MESSAGES = Key.appending("messages", Object.class);

  /**
   * "whereami": writes the id its thread is stored under; and GET /mine/{tid}, the stored id an
   * application sees, as JSON and (/mine/{tid}/stream) as an event an application writes itself.
   */
  static final class Provider implements GraphProvider {
    @Override
    public String graphId() {
      return "whereami";
    }

    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      return StateGraph.of(Schema.of(WHERE, MESSAGES))
          .addNode("locate", (s, rt) -> Update.of(WHERE, rt.threadId()))
          .addEdge(StateGraph.START, "locate")
          .compile(CompileOptions.checkpointer(saver).withStore(store));
    }

    @Override
    public List<Routes> routes(AppContext app) {
      return List.of(r -> {
        r.get("/mine/{tid}", ctx -> Http.json(ctx, Map.of("thread_id", app.ownThread(ctx, ctx.pathParam("tid")).orElseThrow())));
        r.get("/mine/{tid}/stream", ctx -> {
          var out = Http.eventStream(ctx);
          out.write(("event: mine\ndata: {\"thread_id\": \"" + app.ownThread(ctx, ctx.pathParam("tid")).orElseThrow() + "\"}\n\n")
              .getBytes(java.nio.charset.StandardCharsets.UTF_8));
          out.flush();
        });
      });
    }
  }

  @TempDir
  static Path dir;
  static TrellisServer server;
  static HttpClientHelper bob;
  static String t;
  static String stored;

  @BeforeAll
  static void bobHoldsAThreadIdAliceTookFirst() {
    server = TestServers.builder().sqlite(dir.resolve("ids.db")).provider(new Provider())
        .authenticator(Authenticator.apiKeys(Map.of("key-a", "alice", "key-b", "bob"))).start();
    HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
    bob = new HttpClientHelper(server).as("key-b");
    t = ok(alice.call("POST", "/threads", Map.of())).get("thread_id");
    ok(bob.call("POST", "/threads", Map.of("thread_id", t)));
    Map<?, ?> waited = ok(bob.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "whereami", "input", Map.of())))
        .map();
    stored = storedId(t);
    assertNotEquals(t, stored, "bob's thread is stored under another id");
    assertEquals(t, waited.get("where"), "a waiting run's result names the public id");
  }

  /** The id bob's thread {@code publicId} is stored under, read from the server's file (the API never tells it). */
  static String storedId(String publicId) {
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("ids.db"));
         var q = c.prepareStatement("SELECT internal_id FROM trellis_id_aliases WHERE owner = 'bob' AND public_id = ?")) {
      q.setString(1, publicId);
      var rs = q.executeQuery();
      assertTrue(rs.next(), "bob has an alias for " + publicId);
      return rs.getString(1);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static HttpClientHelper.Reply ok(HttpClientHelper.Reply r) {
    assertTrue(r.status() < 300, r.status() + " " + r.text());
    return r;
  }

  /** Bob's reply names his public id and never the stored one. */
  static void publicOnly(String text) {
    assertFalse(text.contains(stored), "the stored id leaked: " + text);
    assertTrue(text.contains(t), "no thread id in " + text);
  }

  @Test
  void threadsAnswerInPublicIds() {
    publicOnly(ok(bob.call("GET", "/threads/" + t, null)).text());
    publicOnly(ok(bob.call("GET", "/threads/" + t + "/state", null)).text());
    publicOnly(ok(bob.call("POST", "/threads/search", Map.of("ids", List.of(t)))).text());
  }

  @Test
  void historyAnswersInPublicIds() {
    publicOnly(ok(bob.call("POST", "/threads/" + t + "/history", Map.of("limit", 10))).text());
  }

  @Test
  void runsAnswerInPublicIdsBodiesAndHeaders() {
    HttpClientHelper.Reply run = ok(bob.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "whereami", "input", Map.of())));
    publicOnly(run.text());
    String location = run.raw().headers().firstValue("Content-Location").orElseThrow();
    assertEquals("/threads/" + t + "/runs/" + run.get("run_id"), location);
    publicOnly(ok(bob.call("GET", "/threads/" + t + "/runs/" + run.get("run_id") + "/join", null)).text());
    publicOnly(ok(bob.call("GET", "/threads/" + t + "/runs/" + run.get("run_id"), null)).text());
    publicOnly(ok(bob.call("GET", "/threads/" + t + "/runs", null)).text());
    HttpClientHelper.Reply waited = ok(bob.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "whereami", "input", Map.of())));
    publicOnly(waited.text());
    assertTrue(waited.raw().headers().firstValue("Location").orElseThrow().startsWith("/threads/" + t + "/runs/"));
  }

  @Test
  void streamsAnswerInPublicIds() {
    HttpClientHelper.Reply stream = ok(bob.call("POST", "/threads/" + t + "/runs/stream", Map.of("assistant_id", "whereami",
        "input", Map.of(), "stream_mode", List.of("values", "updates", "debug"))));
    publicOnly(stream.text());
    assertTrue(stream.raw().headers().firstValue("Location").orElseThrow().startsWith("/threads/" + t + "/runs/"));
  }

  @Test
  void cronsAnswerInPublicIds() {
    publicOnly(ok(bob.call("POST", "/threads/" + t + "/runs/crons", Map.of("assistant_id", "whereami", "schedule", "0 0 1 1 *"))).text());
    publicOnly(ok(bob.call("POST", "/runs/crons/search", Map.of("thread_id", t))).text());
  }

  @Test
  void refusalsAnswerInPublicIds() {
    String fresh = UUID.randomUUID().toString();
    ok(new HttpClientHelper(server).as("key-a").call("POST", "/threads", Map.of("thread_id", fresh)));
    ok(bob.call("POST", "/threads", Map.of("thread_id", fresh)));
    HttpClientHelper.Reply refused = bob.call("POST", "/threads/" + fresh + "/state", Map.of("values", Map.of("where", "x")));
    assertEquals(409, refused.status(), refused.text());
    assertTrue(refused.text().contains("thread " + fresh + " has no graph yet"), refused.text());
    assertFalse(refused.text().contains(storedId(fresh)), refused.text());
  }

  @Test
  void anApplicationsRouteAnswersInPublicIds() {
    HttpClientHelper.Reply mine = ok(bob.call("GET", "/mine/" + t, null));
    assertEquals(t, mine.get("thread_id"), "the application read the stored id; the reply names the public one");
  }

  @Test
  void anApplicationsEventStreamAnswersInPublicIds() {
    HttpClientHelper.Reply mine = ok(bob.call("GET", "/mine/" + t + "/stream", null));
    assertTrue(mine.raw().headers().firstValue("Content-Type").orElseThrow().startsWith("text/event-stream"));
    publicOnly(mine.text());
  }

  @Test
  void a2aTasksAnswerInPublicIds() {
    Map<String, Object> message = Map.of("role", "user", "messageId", UUID.randomUUID().toString(), "contextId", t,
        "parts", List.of(Map.of("kind", "text", "text", "where am I?")));
    HttpClientHelper.Reply sent = ok(bob.call("POST", "/a2a/whereami", Map.of("jsonrpc", "2.0", "id", 1,
        "method", "message/send", "params", Map.of("message", message))));
    assertEquals(t, ((Map<?, ?>) sent.map().get("result")).get("contextId"), sent.text());
    assertFalse(sent.text().contains(stored), sent.text());
  }
}
