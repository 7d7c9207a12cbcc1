package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.apps.opencouch.safety.CrisisResources;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.testkit.ApiClient;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A session checkpointed when OpenCouch's state values were plain maps goes on. The fixtures in
 * {@code old-checkpoints/} are the state the map-valued code (before {@code crisis},
 * {@code routing}, {@code response}, {@code working_memory} and {@code pending_question} were
 * records) served for a session whose last turn was a crisis turn, and one whose last turn was
 * a therapeutic one; a graph declaring those keys as the old code did writes them as maps into
 * the checkpoint, and today's graph reads and continues the thread.
 */
class MapCheckpointTest {
  final Couch couch = new Couch();

  @SuppressWarnings("unchecked")
  static Map<String, Object> fixture(String name) throws IOException {
    try (InputStream in = MapCheckpointTest.class.getResourceAsStream("/old-checkpoints/" + name)) {
      return ApiClient.JSON.readValue(in, Map.class);
    }
  }

  /** Checkpoints {@code values} on the session's thread the way the map-valued code's keys held them. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  void checkpointAsMaps(String session, Map<String, Object> values) {
    Key<Map<String, Object>> crisis = (Key) Key.of("crisis", Map.class);
    Key<Map<String, Object>> routing = (Key) Key.of("routing", Map.class);
    Key<Map<String, Object>> response = (Key) Key.of("response", Map.class);
    Key<Map<String, Object>> pending = (Key) Key.of("pending_question", Map.class);
    Key<List<Map<String, Object>>> memory = (Key) Key.of("working_memory", List.class);
    Key<List<Map<String, Object>>> history = (Key) Key.appending("history", Map.class);
    Key<List<Map<String, Object>>> transcript = (Key) Key.appending("transcript", Map.class);
    Key<Map<String, Object>> progress = Key.merging("progress");
    Key<Integer> turn = Key.of("turn", Integer.class);
    Schema schema = Schema.of(CouchState.MESSAGE, CouchState.USER_ID, CouchState.SESSION_ID, crisis, routing, response,
        pending, memory, history, transcript, progress, turn);
    StateGraph.of(schema)
        .addNode("old_turns", (s, rt) -> Update.of(values))
        .addEdge(StateGraph.START, "old_turns")
        .compile(CompileOptions.checkpointer(new JdbcSaver(couch.store.database(), new JacksonSerde())))
        .invoke(Map.of(), couch.config(session));
  }

  @Test
  void theOldMapsReadAsRecords() throws IOException {
    checkpointAsMaps("s-old", fixture("crisis-turn.json"));
    State s = State.of(couch.graph.getState(couch.config("s-old")).values());
    assertInstanceOf(Map.class, s.get("crisis"), "the checkpoint holds what the old code wrote");
    assertEquals(new Assessment(true, "crisis", "high", "passive_ideation", "override", "en", "kil myself"),
        CouchState.crisis(s));
    assertEquals(Routing.to("crisis"), CouchState.routing(s));
    assertEquals("ok", CouchState.response(s).status());
    assertTrue(CouchState.response(s).text().contains("988"), CouchState.response(s).text());
    assertEquals(PendingQuestion.ACTING_NOW.asked("en-US"), CouchState.pendingQuestion(s));
    assertEquals(List.of(new MemoryEntry("semantic", "The user's sister is Maya.", "4438077f-fdd3-3484-bada-3e3e4da1dace",
        "relationship", 0.0328)), CouchState.workingMemory(s));
  }

  @Test
  void aYesAfterTheOldCrisisReplyAnswersItsPendingQuestion() throws IOException {
    checkpointAsMaps("s-old", fixture("crisis-turn.json"));
    State s = couch.turn("u-old", "s-old", "yes");
    assertEquals(4, s.get(CouchState.TURN), "the three old turns count");
    String expected = PendingQuestion.ACTING_NOW.follow(PendingQuestion.Answer.YES,
        CrisisResources.format(CrisisResources.forLocale("en-US")), "en-US").text();
    assertEquals(expected, CouchState.response(s).text(), "read against the question the old map held");
    assertEquals(Routing.to("crisis"), s.get(CouchState.ROUTING));
    assertEquals(PendingQuestion.SOMEONE_WITH_YOU.asked("en-US"), s.get(CouchState.PENDING_QUESTION));
    List<CrisisRecord> logged = couch.log.forThread("session:s-old");
    assertEquals(1, logged.size());
    assertEquals("ok", logged.getFirst().responseStatus());
    assertEquals(8, CouchState.history(s).size(), "the six old entries, the user's and the reply");
    assertEquals(new HistoryEntry("assistant", expected), CouchState.history(s).getLast());
  }

  @Test
  void aTherapeuticTurnAfterOldMapsGoesOnWithRecords() throws IOException {
    checkpointAsMaps("s-old2", fixture("therapeutic-turn.json"));
    State s = couch.turn("u-old2", "s-old2", "Hi, I'm back. Work was long today.");
    assertEquals(3, s.get(CouchState.TURN));
    assertEquals("therapeutic", CouchState.routing(s).route());
    assertInstanceOf(Routing.class, s.get(CouchState.ROUTING));
    assertInstanceOf(Response.class, s.get(CouchState.RESPONSE));
    assertEquals(AskedQuestion.NONE, s.get(CouchState.PENDING_QUESTION), "the old {} read as nothing pending");
    assertEquals("ok", CouchState.response(s).status());
    assertTrue(CouchState.transcript(s).getLast().content().equals(CouchState.response(s).text()));
  }
}
