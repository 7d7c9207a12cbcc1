package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Identity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The conversation stream ({@code GET /conversations/{id}/stream}) shows its caller only their
 * public ids, as the server's own streams do: bob holds conversation {@code conv} under an id alice
 * took first, so his thread is stored under another id; a run started on it through LangGraph's API
 * without an {@code execution_id} is named after the stored thread, and following it must still
 * show bob only the id he used.
 */
class StreamPublicIdsTest {
  Path db;
  TrellisServer server;
  Http alice;
  Http bob;

  @BeforeEach
  void start() throws Exception {
    db = Files.createTempDirectory("rrc-ids").resolve("server.db");
    Map<String, Identity> keys = Map.of("ka", Identity.of("alice"), "kb", Identity.of("bob"));
    server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(db)
        .authenticator(headers -> keys.get(headers.get("x-api-key")))
        .provider(new RrcProvider(app -> RrcDeps.open(app.database(), Clock.systemUTC()).withModel(new PlannerModel())))
        .start();
    alice = new Http(server.port(), "ka");
    bob = new Http(server.port(), "kb");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The id bob's conversation {@code conv} is stored under, read from the server's file (the API never tells it). */
  String storedId(String conv) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
         var q = c.prepareStatement("SELECT internal_id FROM trellis_id_aliases WHERE owner = 'bob' AND public_id = ?")) {
      q.setString(1, conv);
      var rs = q.executeQuery();
      assertTrue(rs.next(), "bob has an alias for " + conv);
      return rs.getString(1);
    }
  }

  @Test
  void followingARunNamedAfterTheStoredThreadShowsOnlyThePublicId() throws Exception {
    String conv = UUID.randomUUID().toString();
    assertEquals(200, alice.post("/threads", Map.of("thread_id", conv)).status());
    assertEquals(200, bob.post("/threads", Map.of("thread_id", conv)).status());
    String stored = storedId(conv);
    assertNotEquals(conv, stored);
    // no execution_id: the pipeline names the execution after the thread it runs on (stored id, step)
    Http.Reply ran = bob.post("/threads/" + conv + "/runs/wait", Map.of("assistant_id", RrcGraph.ASSISTANT,
        "input", Map.of("agent_type", "general", "input", "hello"), "stream_mode", List.of("updates", "values"),
        "stream_resumable", true));
    assertEquals(200, ran.status(), ran.text());
    assertFalse(ran.text().contains(stored), ran.text());

    List<Http.Frame> frames = bob.stream("/conversations/" + conv + "/stream", Map.of());
    Http.Frame done = frames.getLast();
    assertEquals("done", done.event(), frames.toString());
    String execution = (String) ((Map<?, ?>) done.data().get("data")).get("execution_id");
    assertTrue(execution.startsWith(conv + ":"), "the execution is named after bob's public id: " + execution);
    assertFalse(frames.toString().contains(stored), "the stored id leaked: " + frames);
  }
}
