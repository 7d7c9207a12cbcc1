package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The English replies found wrong trying OpenCouch as a user (round fourteen by the lead, round fifteen over HTTP), each
 * answered as it should be.
 */
class UserTriedRepliesTest {
  final Couch couch = new Couch();

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void aDeathIsMetWithCondolencesNeverCongratulations() {
    for (String loss : List.of("my dad passed away last month", "I lost my dog last week, he was 14",
        "we had the funeral for my grandma on friday")) {
      String r = reply(couch.turn("ann", "l" + loss.length(), loss));
      assertFalse(r.toLowerCase().contains("congratulations"), loss + " -> " + r);
      assertTrue(r.startsWith("I'm so sorry for your loss."), loss + " -> " + r);
    }
    String exam = reply(couch.turn("ann", "l-exam", "I passed my driving test today"));
    assertTrue(exam.contains("congratulations"), exam);
  }

  @Test
  void negatedOrDeniedGoodWordsAreNotCelebrated() {
    for (String m : List.of("I'm not happy with how things are", "I won't ever be good enough for them",
        "I'm not proud of what I said to her")) {
      String r = reply(couch.turn("ben", "n" + m.length(), m));
      assertFalse(r.contains("congratulations"), m + " -> " + r);
    }
  }

  @Test
  void aBareYeahAnsweringOurQuestionIsHeardNotMetWithTheClarifyingTemplate() {
    couch.turn("cat", "y1", "I keep thinking I should have called him more");
    String r = reply(couch.turn("cat", "y1", "yeah"));
    assertFalse(r.contains("I want to make sure I understand you"), r);
    assertTrue(r.startsWith("Okay, I hear you."), r);
  }

  @Test
  void thanksInTheMiddleOfAnExerciseOffersTheNextStepAndNeverClosesTheSession() {
    couch.turn("dee", "e1", "can you give me a breathing exercise?");
    couch.turn("dee", "e1", "ready");
    State s = couch.turn("dee", "e1", "thanks, that helped a bit");
    String r = reply(s);
    assertFalse(r.startsWith("Thank you for talking with me today"), r);
    assertTrue(r.contains("step 3 of 4") && r.contains("stop"), r);
    assertTrue(CouchState.routing(s).mode().equals("guided_exercise"), CouchState.routing(s).toString());
    String next = reply(couch.turn("dee", "e1", "yes"));
    assertTrue(next.startsWith("Step 3 of 4:"), next);
    String stop = reply(couch.turn("dee", "e1", "let's stop"));
    assertTrue(stop.startsWith("Of course, let's stop here."), stop);
  }

  @Test
  void aGoodbyeIsSaidOnceAndNeverRecallsThisVeryConversationAsLastTime() {
    couch.turn("eve", "c1", "my family has been so hard to be around lately");
    String first = reply(couch.turn("eve", "c1", "thanks, this helped, I should go"));
    assertTrue(first.startsWith("Thank you for talking with me today"), first);
    String again = reply(couch.turn("eve", "c1", "bye for now"));
    assertFalse(again.contains("Last time"), again);
    assertFalse(again.startsWith("Thank you for talking with me today"), again);
    assertTrue(again.contains("Take good care of yourself"), again);
  }

  @Test
  void someoneWhoCouldBeThereButIsNotIsToBeReachedOutToNow() {
    couch.turn("fay", "p1", "honestly some days I think everyone would be better off without me");
    couch.turn("fay", "p1", "no, I don't have a plan. I just feel like a burden");
    String r = reply(couch.turn("fay", "p1", "maybe. my sister lives nearby"));
    assertFalse(r.startsWith("I'm glad you're not alone"), r);
    assertTrue(r.contains("your sister") && r.contains("reach out"), r);
    assertTrue(r.contains("988"), "the resources stay: " + r);
  }

  @Test
  void askingToTalkAboutSomethingElseOpensItWithWhatWasToldEarlier() {
    couch.turn("gil", "t1", "work has been brutal, my manager keeps piling things on me");
    couch.turn("gil", "t1", "and I haven't seen my friends in weeks");
    String r = reply(couch.turn("gil", "t1", "ok. can we talk about work stuff instead?"));
    assertTrue(r.startsWith("Of course, let's talk about work stuff."), r);
    assertTrue(r.contains("Earlier you said work has been brutal"), r);
    String fresh = reply(couch.turn("gil", "t2", "can we talk about my sister instead?"));
    assertTrue(fresh.startsWith("Of course, let's talk about your sister.") && fresh.endsWith("?"), fresh);
  }

  @Test
  void askingForShortRepliesBecauseLongOnesStressIsAcknowledgedNotPitied() {
    String r = reply(couch.turn("hal", "k1", "honestly can you keep it short, long answers stress me out more"));
    assertTrue(r.startsWith("Of course: I'll keep my replies short."), r);
  }

  @Test
  void aQuestionWithoutAQuestionMarkIsNeverSaidBackAsAStatement() {
    couch.turn("ivy", "q1", "finals start monday and i haven't started revising");
    String r = reply(couch.turn("ivy", "q1", "what should i even do first"));
    assertFalse(r.contains("It sounds like what"), r);
    assertTrue(r.startsWith("That's a fair question"), r);
  }

  @Test
  void aGoodbyeAtTheEndOfAMessageClosesTheConversation() {
    couch.turn("jo", "b1", "exams are wearing me down this week");
    State s = couch.turn("jo", "b1", "thanks, i think i'll try to sleep now. bye");
    assertTrue("closing".equals(CouchState.routing(s).mode()), CouchState.routing(s).toString());
    assertTrue(reply(s).startsWith("Thank you for talking with me today"), reply(s));
  }

  @Test
  void hiAgainIsAGreetingNotAPattern() {
    String r = reply(couch.turn("kim", "h1", "hi again"));
    assertTrue(r.startsWith("Hi, it's good to hear from you."), r);
  }

  @Test
  void okCoolIsAnAcknowledgementNotAPuzzle() {
    couch.turn("lou", "a1", "my sister keeps borrowing money and never pays it back");
    String r = reply(couch.turn("lou", "a1", "ok cool"));
    assertTrue(r.startsWith("I'm here whenever you're ready."), r);
  }

  @Test
  void somethingElseLikeMyDogOpensTheDogNotTheWholeMessage() {
    couch.turn("max", "s1", "honestly I feel like I'm failing at everything");
    String r = reply(couch.turn("max", "s1", "can we talk about something else, like my dog? his name is Pepper"));
    assertTrue(r.startsWith("Of course, let's talk about your dog."), r);
    assertFalse(r.contains("Pepper") || r.contains("failing"), r);
    String other = reply(couch.turn("max", "s2", "can we talk about something else?"));
    assertTrue(other.startsWith("Of course, let's talk about something else.") && other.endsWith("?"), other);
  }

  @Test
  void aMemoryIsRecalledOnceAConversationAndNeverWhatWasJustToldInIt() {
    couch.turn("nia", "m1", "hi, I'm Nia");
    String r = reply(couch.turn("nia", "m1", "i just feel like everyone else has it together and i'm the only one drowning"));
    assertFalse(r.contains("I remember that"), "the name told two turns ago is not 'remembered': " + r);
    String next = reply(couch.turn("nia", "m2", "hey"));
    assertTrue(next.contains("I remember that your name is Nia."), next);
    String later = reply(couch.turn("nia", "m2", "my flatmate keeps eating my food and it drives me mad"));
    assertFalse(later.contains("I remember that"), "said once a conversation: " + later);
  }

  @Test
  void aSighBeforeWhatIsHardIsNotWhatIsSaidBack() {
    String r = reply(couch.turn("oli", "u1", "ugh. finals start monday and i haven't even started revising for stats"));
    assertTrue(r.startsWith("It sounds like finals start monday"), r);
  }

  @Test
  void feelingALittleBetterIsHeardAsGoodInFrenchAndGerman() {
    String fr = String.valueOf(CouchState.response(couch.graph.invoke(java.util.Map.of("message",
        "ça va un peu mieux d'en parler", "user_id", "pia", "session_id", "w1", "locale", "fr-FR"),
        couch.config("w1"))).text());
    assertTrue(fr.startsWith("Ça me fait vraiment plaisir à entendre."), fr);
  }
}
