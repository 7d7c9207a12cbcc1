package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.ExtractorNode;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sessions keep every turn's note, whatever thread it ran on, and end by themselves. */
class SessionLifecycleTest {
  @Test
  void twoThreadsOfOneSessionKeepBothTurnNotes() {
    Couch couch = new Couch();
    Map<String, Object> base = Map.of("user_id", "mo", "session_id", "shared");
    couch.graph.invoke(with(base, "work has been so stressful lately"), RunConfig.thread("phone").withContext(couch.context));
    couch.graph.invoke(with(base, "I can't sleep at night"), RunConfig.thread("laptop").withContext(couch.context));
    assertEquals(2, couch.context.memoryStore().all(MemoryStore.notes("mo", "shared")).size());
    assertEquals("In an earlier session the user talked about work, stress and sleep.",
        couch.endSession("mo", "shared").get(SessionEnd.SUMMARY));
  }

  @Test
  void aClosingTurnEndsTheSessionAndPromotesWhatWasHeld() {
    Couch couch = new Couch();
    couch.turn("ned", "s1", "I was diagnosed with ADHD last year and work is hard");
    assertEquals(1, ExtractorNode.held(couch.context.memoryStore(), "ned", "s1").size());
    State closing = couch.turn("ned", "s1", "thanks, this really helped. I should go now");
    assertEquals("closing", CouchState.routing(closing).mode());
    assertEquals("closing", closing.get(CouchState.DIAGNOSTICS).get("session_ended"));
    assertTrue(ExtractorNode.held(couch.context.memoryStore(), "ned", "s1").isEmpty());
    assertTrue(MemoryPolicyTest.kept(couch, "ned", "semantic").contains("The user has ADHD."));
    assertEquals(List.of("In an earlier session the user talked about work and health."),
        MemoryPolicyTest.kept(couch, "ned", "episodic"));
    assertTrue(couch.context.memoryStore().all(MemoryStore.ACTIVE).isEmpty(), "an ended session is not swept again");
  }

  @Test
  void theSweepEndsOnlyIdleSessions() {
    Couch couch = new Couch();
    couch.turn("ola", "s1", "I was diagnosed with insomnia");
    State none = couch.sessionEnd.invoke(Map.of("idle_minutes", 30), RunConfig.thread("sweep-1").withContext(couch.context));
    assertEquals(List.of(), SessionEnd.ended(none), "a session active a moment ago is not idle");
    assertEquals(1, ExtractorNode.held(couch.context.memoryStore(), "ola", "s1").size());
  }

  static Map<String, Object> with(Map<String, Object> base, String message) {
    Map<String, Object> m = new java.util.LinkedHashMap<>(base);
    m.put("message", message);
    return m;
  }
}
