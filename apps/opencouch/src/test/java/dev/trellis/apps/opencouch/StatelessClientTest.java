package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stateless client sends the whole transcript to a new thread each turn: the gate reads what it sent before the
 * turn's message as the conversation, so an answer that is a crisis only in context is still one.
 */
class StatelessClientTest {
  final Couch couch = new Couch();

  State turnOnNewThread(String thread, List<Map<String, Object>> messages) {
    return couch.graph.invoke(Map.of("messages", messages, "user_id", "u-sl", "session_id", "sl-" + thread),
        RunConfig.thread(thread).withContext(couch.context));
  }

  static Map<String, Object> human(String id, String text) {
    return Map.of("type", "human", "id", id, "content", text);
  }

  static Map<String, Object> ai(String text) {
    return Map.of("type", "ai", "content", text);
  }

  @Test
  void anAnswerThatIsACrisisInTheClientsTranscriptIsACrisisOnANewThread() {
    State s = turnOnNewThread("t2", List.of(human("h1", "I've decided I'm going to kill myself"),
        ai("I'm really glad you told me. Are you thinking of acting on it soon?"), human("h2", "tonight")));
    assertEquals("crisis", CouchState.routing(s).route());
    // alone, with nothing before it, "tonight" is no crisis
    State alone = turnOnNewThread("t3", List.of(human("h3", "tonight")));
    assertEquals("therapeutic", CouchState.routing(alone).route());
  }

  @Test
  void aHarmlessMessageAfterAnEverydayTranscriptStaysOnTheTherapeuticRoute() {
    State s = turnOnNewThread("t4", List.of(human("h1", "work has been stressing me out"),
        ai("That sounds like a lot. What feels heaviest?"), human("h2", "probably the deadlines, honestly")));
    assertEquals("therapeutic", CouchState.routing(s).route());
  }
}
