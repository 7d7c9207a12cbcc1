package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What state says about a turn is about that turn: diagnostics start afresh, the total covers every node. */
class PerTurnTest {
  @Test
  void aCrisisTurnsDiagnosticsDoNotShowOnTheNextTurn() {
    Couch couch = new Couch();
    State crisis = couch.turn("p1", "s1", "I want to end my life");
    assertEquals(true, crisis.get(CouchState.DIAGNOSTICS).get("crisis_logged"));
    State next = couch.turn("p1", "s1", "work has been so stressful lately");
    Map<String, Object> diag = next.get(CouchState.DIAGNOSTICS);
    assertFalse(diag.containsKey("crisis_logged"), diag.toString());
    assertTrue(diag.containsKey("dispatch_via"), diag.toString());
  }

  @Test
  void aTherapeuticTurnsDiagnosticsDoNotShowOnALaterCrisisTurn() {
    Couch couch = new Couch();
    couch.turn("p2", "s1", "My sister Maya has been really distant");
    Map<String, Object> diag = couch.turn("p2", "s1", "I want to end my life").get(CouchState.DIAGNOSTICS);
    assertFalse(diag.containsKey("dispatch_via"), diag.toString());
    assertFalse(diag.containsKey("semantic_decisions"), diag.toString());
    assertEquals(true, diag.get("crisis_logged"));
  }

  @Test
  void theTurnTotalCoversTheExtractors() {
    // the extractors' model takes a second; the reply's model answers at once
    ChatModel model = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) throws Exception {
        String system = String.valueOf(request.messages().getFirst().text());
        if (system.startsWith("Extract")) {
          Thread.sleep(1000);
          return Message.ai(system.contains("instructions") ? "{\"rules\": []}" : "{\"facts\": []}");
        }
        if (request.responseSchema() != null) {
          throw new IllegalStateException("classifiers are not scripted");
        }
        return Message.ai("I hear you.");
      }
    };
    Couch couch = new Couch(model, MemoryMode.PERSISTENT);
    State s = couch.turn("p3", "s1", "work has been so stressful lately");
    Map<String, Object> diag = s.get(CouchState.DIAGNOSTICS);
    assertEquals("llm", diag.get("extract_facts_source"), diag.toString());
    assertTrue(((Number) diag.get("turn_total_ms")).longValue() >= 1000, diag.toString());
    assertEquals("t1:end_turn", s.get(CouchState.TRACE).getLast());
  }
}
