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

/**
 * After a crisis reply the next turn is read against the one question it asked: a bare "yes"
 * or "no" is an answer to that question, on whichever branch the gate sends it.
 */
class CrisisFollowUpTest {
  final Couch couch = new Couch();

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  static long questions(String text) {
    return text.chars().filter(c -> c == '?').count();
  }

  @Test
  void aCrisisReplyAsksOneYesNoQuestionAndRemembersIt() {
    State s = couch.turn("u1", "s1", "I want to kill myself");
    String r = reply(s);
    assertEquals(1, questions(r), r);
    assertTrue(r.endsWith(PendingQuestion.ACTING_NOW.text()), r);
    assertEquals("acting_now", CouchState.pendingQuestion(s).id());
  }

  @Test
  void aBareNoIsReadAgainstTheQuestionAndKeepsTheResources() {
    couch.turn("u2", "s1", "I want to kill myself");
    State s = couch.turn("u2", "s1", "no");
    String r = reply(s);
    assertTrue(r.startsWith("I'm glad you're not about to act on them right now."), r);
    assertTrue(r.contains("988"), r);
    assertEquals(1, questions(r), r);
    assertEquals(AskedQuestion.NONE, CouchState.pendingQuestion(s), "nothing is pending after the answer");
  }

  @Test
  void aBareYesIsReadAgainstTheQuestionAndAsksWhoCanBeThere() {
    couch.turn("u3", "s1", "I want to kill myself");
    State yes = couch.turn("u3", "s1", "yes");
    String r = reply(yes);
    assertTrue(r.contains("Because you're thinking about acting on these thoughts right now"), r);
    assertTrue(r.contains("988"), r);
    assertEquals(1, questions(r), r);
    assertTrue(r.endsWith(PendingQuestion.SOMEONE_WITH_YOU.text()), r);

    String alone = reply(couch.turn("u3", "s1", "no"));
    assertTrue(alone.startsWith("Then please don't stay alone with this."), alone);
    assertTrue(alone.contains("988"), alone);
    assertEquals(1, questions(alone), alone);
  }

  @Test
  void aViolenceReplyAsksAboutDangerAndReadsTheAnswerAgainstIt() {
    couch.turn("u4", "s1", "I'm going to hurt someone at work tomorrow, I'll make them pay");
    String r = reply(couch.turn("u4", "s1", "No."));
    assertTrue(r.startsWith("I'm glad no one is in immediate danger."), r);
    assertEquals(1, questions(r), r);
  }

  @Test
  void aFullMessageAfterACrisisReplyIsNotTakenForAnAnswer() {
    couch.turn("u5", "s1", "I want to kill myself");
    State s = couch.turn("u5", "s1", "no idea what to do about my landlord, the rent went up again");
    assertTrue(!reply(s).startsWith("I'm glad you're not"), reply(s));
  }

  @Test
  void aSelfContainedEverydaySentenceAfterACrisisIsNotTheCrisisBranchAgain() {
    // the gate halves its bar after a crisis only for a reply that leans on it ("yes", "tonight"); this sentence
    // stands alone and the head scores it under the crisis threshold
    couch.turn("u7", "s1", "I want to kill myself");
    State s = couch.turn("u7", "s1", "I keep forgetting to water my plants");
    assertFalse(s.get(CouchState.CRISIS).crisis(), s.get(CouchState.CRISIS).toString());
    assertFalse(s.get(CouchState.TRACE).contains("t2:crisis_response"), s.get(CouchState.TRACE).toString());
  }

  @Test
  void aModelsOwnQuestionsAreTakenOutOfTheCrisisReply() {
    ChatModel model = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        if (request.responseSchema() != null) {
          throw new IllegalStateException("classifiers are not scripted");
        }
        return Message.ai("I'm so sorry you're carrying this. Do you want to talk about it? You deserve support.");
      }
    };
    Couch withModel = new Couch(model, MemoryMode.PERSISTENT);
    String r = reply(withModel.turn("u6", "s1", "I want to kill myself"));
    assertTrue(r.startsWith("I'm so sorry you're carrying this. You deserve support."), r);
    assertEquals(1, questions(r), r);
  }

  @Test
  void bareAnswersAreReadAsYesOrNo() {
    for (String yes : new String[] {"yes", "Yeah.", "yes I am", "I do", "kind of", "ja"}) {
      assertEquals(PendingQuestion.Answer.YES, PendingQuestion.read(yes), yes);
    }
    for (String no : new String[] {"no", "No.", "nope", "no, I'm not", "not really", "nobody"}) {
      assertEquals(PendingQuestion.Answer.NO, PendingQuestion.read(no), no);
    }
    assertEquals(PendingQuestion.Answer.OTHER, PendingQuestion.read("no, but I keep thinking about it"));
  }

  @Test
  void anAnswerOpeningALongerMessageAsItsOwnSentenceIsReadUnlessTheRestHedgesANo() {
    assertEquals(PendingQuestion.Answer.NO, PendingQuestion.read("no, I'm not. just annoyed at myself"));
    assertEquals(PendingQuestion.Answer.YES, PendingQuestion.read("Yes. I have the pills right here"));
    assertEquals(PendingQuestion.Answer.OTHER, PendingQuestion.read("No. But sometimes I think about it"));
    assertEquals(PendingQuestion.Answer.OTHER, PendingQuestion.read("not sure. it comes and goes"));
    assertEquals(PendingQuestion.Answer.OTHER, PendingQuestion.read("I had a long day at work. no energy left"));
  }

  @Test
  void anAnswerSetOffByACommaIsReadAgainstTheQuestion() {
    assertEquals(PendingQuestion.Answer.NO, PendingQuestion.read("no, I'm not going to do anything, I'm just exhausted"));
    assertEquals(PendingQuestion.Answer.OTHER, PendingQuestion.read("no, but it crosses my mind at night"));
    couch.turn("u8", "s1", "I want to kill myself");
    String r = reply(couch.turn("u8", "s1", "no, I'm not going to do anything, I'm just exhausted"));
    assertTrue(r.startsWith("I'm glad you're not about to act on them right now."), r);
    assertFalse(r.contains("It sounds like no"), r);
  }

  @Test
  void aReassuringAnswerWhoseRestTheGateReadsAsACrisisGetsTheCrisisReplyNotRelief() {
    couch.turn("u9", "s1", "I want to kill myself");
    State s = couch.turn("u9", "s1", "No. I'm going to jump off the bridge tonight.");
    assertEquals("crisis", CouchState.routing(s).route());
    String r = reply(s);
    assertFalse(r.startsWith("I'm glad"), r);
    assertTrue(r.contains("\n- "), "the locale's resources: " + r);
    // a plan after the "no" is never acknowledged as reassurance, and the question is asked again
    assertFalse(r.startsWith("Thank you for telling me you're not"), r);
    assertTrue(r.endsWith(PendingQuestion.ACTING_NOW.text()), r);
  }

  @Test
  void aNoFollowedByIdeationIsAcknowledgedAndAsksWhoCanBeThereInsteadOfRepeatingTheReply() {
    // tried as a user: the same crisis reply, word for word, answered "no. I wouldn't do anything. I just feel trapped"
    String first = reply(couch.turn("u10", "s1", "some nights I wish I could just not wake up"));
    State s = couch.turn("u10", "s1", "no. I wouldn't do anything. I just feel trapped");
    assertEquals("crisis", CouchState.routing(s).route());
    String r = reply(s);
    assertFalse(r.equals(first), r);
    assertTrue(r.startsWith("Thank you for telling me you're not about to act on it."), r);
    assertTrue(r.contains("\n- "), "the locale's resources: " + r);
    assertTrue(r.endsWith(PendingQuestion.SOMEONE_WITH_YOU.text()), r);
    assertEquals("someone_with_you", CouchState.pendingQuestion(s).id());
  }
}
