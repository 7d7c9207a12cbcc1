package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stateless client sends the whole transcript to a new thread each turn: the gate reads what it sent before the
 * turn's message as the conversation, so an answer that is a crisis only in context is still one, and a yes or no
 * answers the question the reply it sent back asked.
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

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void aStatelessAnswerToTheCrisisReplysQuestionGetsTheReplyItGetsOnTheThread() {
    String crisis = "some nights I wish I could just not wake up";
    for (String answer : List.of("no, I'm safe", "yes")) {
      String session = "sq-" + answer.length();
      String asked = reply(couch.turn("u-sq", session, crisis));
      String onThread = reply(couch.turn("u-sq", session, answer));
      State stateless = turnOnNewThread("sq-new-" + answer.length(), List.of(human("h1", crisis), ai(asked),
          human("h2", answer)));
      assertEquals(onThread, reply(stateless), answer);
      // without the question sent back, the same answer is not read as its answer
      State unasked = turnOnNewThread("sq-unasked-" + answer.length(), List.of(human("h1", crisis), human("h2", answer)));
      assertNotEquals(onThread, reply(unasked), answer);
    }
  }

  @Test
  void aGermanQuestionSentBackIsAnsweredInGerman() {
    String asked = PendingQuestion.ACTING_NOW.text("de-DE");
    State s = turnOnNewThread("sq-de", List.of(human("h1", "Ich will nicht mehr leben"),
        ai("Danke, dass du es mir sagst. " + asked), human("h2", "nein")));
    assertEquals(PendingQuestion.ACTING_NOW.follow(PendingQuestion.Answer.NO,
        dev.trellis.apps.opencouch.safety.CrisisResources.format(
            dev.trellis.apps.opencouch.safety.CrisisResources.forLocale("de-DE")), "de-DE").text(), reply(s));
  }

  @Test
  void aHarmlessMessageAfterAnEverydayTranscriptStaysOnTheTherapeuticRoute() {
    State s = turnOnNewThread("t4", List.of(human("h1", "work has been stressing me out"),
        ai("That sounds like a lot. What feels heaviest?"), human("h2", "probably the deadlines, honestly")));
    assertEquals("therapeutic", CouchState.routing(s).route());
  }
}
