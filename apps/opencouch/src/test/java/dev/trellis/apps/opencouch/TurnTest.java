package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whole turns in-process on SQLite: routing, the reply, what state records. */
class TurnTest {
  final Couch couch = new Couch();

  @Test
  void crisisTurnAnswersWithResourcesAndOneQuestionAndIsLogged() {
    State s = couch.turn("u1", "s1", "I want to kill myself tonight, I have the pills saved up");
    assertEquals("crisis", CouchState.routing(s).route());
    assertEquals("imminent", CouchState.crisis(s).severity());
    String reply = String.valueOf(CouchState.response(s).text());
    assertTrue(reply.contains("988"), reply);
    assertEquals(1, reply.chars().filter(c -> c == '?').count(), "exactly one clarifying question: " + reply);
    assertEquals(List.of("t1:crisis_gate", "t1:crisis_response", "t1:crisis_log"), s.get(CouchState.TRACE));
    List<CrisisRecord> records = couch.log.forUser("u1");
    assertEquals(1, records.size());
    assertEquals("ok", records.getFirst().responseStatus());
  }

  @Test
  void crisisResourcesFollowTheLocale() {
    State s = couch.graph.invoke(Map.of("message", "I keep thinking about suicide", "user_id", "u2", "session_id", "s2",
        "locale", "en-GB"), couch.config("s2"));
    assertTrue(String.valueOf(CouchState.response(s).text()).contains("116 123"));
  }

  @Test
  void figurativeLanguageStaysTherapeutic() {
    for (String m : List.of("this homework is killing me", "I'm dying to see that film", "my boss will kill me if I'm late")) {
      State s = couch.turn("u3", "fig-" + m.hashCode(), m);
      assertEquals("therapeutic", CouchState.routing(s).route(), m);
    }
    assertTrue(couch.log.forUser("u3").isEmpty());
  }

  @Test
  void eachModeAnswersItsMessages() {
    Map<String, String> cases = Map.of(
        "I've been feeling really lonely since I moved", "supportive",
        "I always end up cancelling plans at the last minute, same pattern again", "reflective",
        "I don't know", "clarifying",
        "Why do I get a racing heart before meetings? Is it normal?", "psychoeducation",
        "Can you walk me through a breathing exercise?", "guided_exercise",
        "Thanks, this really helped. I should go now", "closing");
    cases.forEach((message, mode) -> {
      State s = couch.turn("u4", "mode-" + mode, message);
      assertEquals(mode, CouchState.routing(s).mode(), message);
      assertFalse(String.valueOf(CouchState.response(s).text()).isBlank());
      assertTrue(s.get(CouchState.TRACE).contains("t1:" + mode), s.get(CouchState.TRACE).toString());
    });
  }

  @Test
  void historyAndTranscriptGrowByOneTurnEachTimeOverSeveralTurns() {
    String[] turns = {"hello", "work has been so stressful lately", "why do I freeze up in meetings?", "ok",
        "thanks, this helped"};
    State s = null;
    for (String t : turns) {
      s = couch.turn("u5", "multi", t);
    }
    assertEquals(2 * turns.length, s.get(CouchState.HISTORY).size(), s.get(CouchState.HISTORY).toString());
    assertEquals(2 * turns.length, s.get(CouchState.TRANSCRIPT).size());
    assertEquals(2 * turns.length, s.get(CouchState.MESSAGES).size());
    assertEquals(5, s.get(CouchState.TURN));
    assertEquals("closing", CouchState.routing(s).mode());
  }

  @Test
  void guidedExerciseContinuesStepByStep() {
    couch.turn("u6", "ex", "can you guide me through box breathing?");
    State second = couch.turn("u6", "ex", "next");
    assertEquals("guided_exercise", CouchState.routing(second).mode());
    assertEquals(2, ((Number) second.get(CouchState.PROGRESS).get("step")).intValue());
    assertTrue(String.valueOf(CouchState.response(second).text()).startsWith("Step 2 of 4"));
  }

  @Test
  void chatUiMessagesInputTakesTheLastHumanMessageAndGetsAnAiReply() {
    State first = couch.graph.invoke(Map.of("messages", List.of(Map.of("role", "user", "content", "hi there"))),
        couch.config("ui"));
    List<Map<String, Object>> resend = List.of(Map.of("role", "user", "content", "hi there"),
        Map.of("role", "user", "content", "I can't sleep again"));
    State s = couch.graph.invoke(Map.of("messages", resend.subList(1, 2)), couch.config("ui"));
    assertEquals("I can't sleep again", s.get(CouchState.MESSAGE));
    assertEquals(2, s.get(CouchState.TURN));
    Message last = s.get(CouchState.MESSAGES).getLast();
    assertTrue(last instanceof Message.Ai ai && ai.text().equals(CouchState.response(s).text()));
    assertEquals(2, first.get(CouchState.MESSAGES).size());
  }
}
