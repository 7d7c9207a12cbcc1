package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Offline replies are deterministic and fit the message; the user's rules shape them without losing what we remember. */
class RepliesTest {
  final Couch couch = new Couch();

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void aPromotionAGreetingAndANameQuestionGetDifferentFittingReplies() {
    String intro = reply(couch.turn("ana", "s0", "My name is Ana and I work as a nurse"));
    assertTrue(intro.startsWith("Nice to meet you, Ana."), intro);
    String promotion = reply(couch.turn("ana", "s1", "I got the promotion!"));
    String greeting = reply(couch.turn("ana", "s2", "hey there"));
    String name = reply(couch.turn("ana", "s3", "what's my name?"));
    assertTrue(promotion.contains("congratulations"), promotion);
    assertTrue(greeting.startsWith("Hi, it's good to hear from you."), greeting);
    assertTrue(name.startsWith("Your name is Ana."), name);
    for (String r : List.of(promotion, greeting, name)) {
      assertFalse(r.contains("That sounds really hard"), r);
    }
    assertEquals(4, Set.of(intro, promotion, greeting, name).size());
  }

  @Test
  void aGreetingThatIntroducesTheUserIsAnsweredByNameAndOneThatDoesNotIsGreeted() {
    assertTrue(reply(couch.turn("sam", "g1", "hi, I'm Sam")).startsWith("Nice to meet you, Sam."));
    assertTrue(reply(couch.turn("kim", "g2", "hey, I'm back")).startsWith("Hi, it's good to hear from you."));
  }

  @Test
  void aGreetingThatAlsoSaysWhatIsHardIsGreetedAndAnsweredAsHard() {
    // tried as a user: "hey. rough week" got only "Hi, it's good to hear from you. How are you doing today?"
    for (String hello : List.of("hey. rough week", "hi, bad day honestly")) {
      String r = reply(couch.turn("ivy", "h" + hello.length(), hello));
      assertTrue(r.startsWith("Hi, I'm glad you reached out."), hello + " -> " + r);
      assertFalse(r.contains("How are you doing today?"), hello + " -> " + r);
    }
  }

  @Test
  void aQuestionAboutWhatWeTalkedAboutSaysBackTheFirstThingsToldAndOnlyRemembersThePainfulOnes() {
    // tried as a user: "can you remind me what we talked about at the start?" got "Thank you for telling me…"
    couch.turn("ray", "w1", "my dad's in hospital and I'm the only one visiting him");
    couch.turn("ray", "w1", "honestly I'm exhausted, I've barely slept");
    couch.turn("ray", "w1", "some nights I wish I could just not wake up");
    String r = reply(couch.turn("ray", "w1", "can you remind me what we talked about at the start?"));
    assertTrue(r.startsWith("You told me your dad's in hospital and you're the only one visiting him, and that "
        + "you're exhausted"), r);
    assertTrue(r.contains("painful things"), r);
    assertFalse(r.contains("wake up"), r);
    String fresh = reply(couch.turn("ray", "w2", "what did we talk about?"));
    assertTrue(fresh.startsWith("We've only just started talking."), fresh);
  }

  @Test
  void aRecallQuestionIsAnsweredFromWorkingMemoryOrSaysItWasNotToldYet() {
    couch.turn("bo", "s1", "My sister Maya has been really distant");
    String sister = reply(couch.turn("bo", "s2", "do you remember my sister's name?"));
    assertTrue(sister.startsWith("I remember that your sister is Maya."), sister);
    String unknown = reply(couch.turn("cal", "s1", "what's my name?"));
    assertTrue(unknown.startsWith("I don't think you've told me your name yet."), unknown);
  }

  @Test
  void anIntroductionThatAlsoSaysWhatIsHardIsGreetedByNameAndAnsweredAsHard() {
    // tried as a user: "hi, I'm Sam. work has been stressing me out…" got only "Nice to meet you, Sam."
    String r = reply(couch.turn("sam", "i1", "hi, I'm Sam. work has been stressing me out, my manager keeps moving deadlines"));
    assertTrue(r.startsWith("Nice to meet you, Sam. It sounds like work has been stressing you out"), r);
    assertTrue(r.contains("What feels heaviest about it right now?"), r);
    String joined = reply(couch.turn("lea", "i2", "My name is Lea and I finally passed my driving test"));
    assertTrue(joined.startsWith("Nice to meet you, Lea. That's wonderful news"), joined);
  }

  @Test
  void aQuestionAboutWhatTheUserSaidEarlierIsAnsweredFromTheConversation() {
    couch.turn("sam", "c1", "hi, I'm Sam. work has been stressing me out, my manager keeps moving deadlines");
    couch.turn("sam", "c1", "and I haven't been sleeping well either");
    String stress = reply(couch.turn("sam", "c1", "what did I say was stressing me?"));
    assertTrue(stress.startsWith("You said work has been stressing you out, your manager keeps moving deadlines."), stress);
    String sleep = reply(couch.turn("sam", "c1", "remind me what I said about sleep"));
    assertTrue(sleep.startsWith("You said you haven't been sleeping well either."), sleep);
    String elsewhere = reply(couch.turn("sam", "c2", "what did I say was stressing me?"));
    assertTrue(elsewhere.startsWith("I don't think you've told me about that in this conversation yet."), elsewhere);
  }

  @Test
  void whatTheUserSaidAboutALossOrHarmIsRememberedButNotSaidBack() {
    couch.turn("ivy", "p1", "my grandad died in march and I keep thinking about him");
    String r = reply(couch.turn("ivy", "p1", "what did I tell you about my grandad?"));
    assertTrue(r.startsWith("You've shared some painful things with me, and I haven't forgotten them."), r);
    assertFalse(r.contains("died"), r);
    // tried as a user: a crisis turn's words were said back ("You said some nights you wish you could just not wake up")
    couch.turn("ivy", "p2", "some nights I wish I could just not wake up");
    couch.turn("ivy", "p2", "no, I'm safe, I just feel flat");
    String nights = reply(couch.turn("ivy", "p2", "what did I tell you about my nights?"));
    assertTrue(nights.startsWith("You've shared some painful things with me, and I haven't forgotten them."), nights);
    assertFalse(nights.contains("wake"), nights);
  }

  @Test
  void aQuestionAboutTheAssistantIsAnsweredHonestly() {
    // tried as a user: "Are you a real person?" got "Thank you for telling me. I'm listening."
    for (String q : List.of("Are you a real person?", "am i talking to a bot", "r u even human lol", "who are you?")) {
      String r = reply(couch.turn("ada", "q" + q.length(), q));
      assertTrue(r.startsWith("I'm OpenCouch, an AI support companion: not a person, and not a therapist."), q + " -> " + r);
    }
    String notAboutUs = reply(couch.turn("ada", "q9", "are you free to talk about my week? it was awful"));
    assertFalse(notAboutUs.startsWith("I'm OpenCouch"), notAboutUs);
  }

  @Test
  void anAcknowledgementIsMetWithAnOpenDoorNotAClarifyingQuestion() {
    for (String ack : List.of("ok", "Okay.", "thanks", "got it, thanks")) {
      String r = reply(couch.turn("bea", "a" + ack.length(), ack));
      assertTrue(r.startsWith("I'm here whenever you're ready."), ack + " -> " + r);
    }
  }

  @Test
  void aPracticalQuestionIsAnsweredWithWhatHelpsNotReflectedAsAFeeling() {
    Map<String, String> asked = Map.of("thanks. what can I do when I can't sleep?", "sleep",
        "any tips for when I keep overthinking everything at night", "rumination",
        "how do I cope with feeling so stressed at work", "stress");
    asked.forEach((question, topic) -> {
      String r = reply(couch.turn("gus", "p" + question.length(), question));
      String explanation = dev.trellis.apps.opencouch.therapeutic.Knowledge.topics().stream()
          .filter(t -> t.id().equals(topic)).findFirst().orElseThrow().explanation();
      assertTrue(r.contains(explanation), question + " -> " + r);
      assertFalse(r.startsWith("That sounds really hard"), question + " -> " + r);
    });
  }

  @Test
  void aHardMessageIsReflectedInTheUsersOwnWords() {
    String r = reply(couch.turn("dan", "s1", "I've been feeling really lonely since I moved"));
    assertTrue(r.startsWith("It sounds like you've been feeling really lonely since you moved."), r);
    String other = reply(couch.turn("dan", "s2", "work has been so stressful lately"));
    assertTrue(other.startsWith("It sounds like work has been so stressful lately."), other);
    // a leading filler is no part of what was said (tried as a user: "It sounds like honestly you're exhausted")
    String filler = reply(couch.turn("dan", "s3", "honestly I'm exhausted, I've barely slept"));
    assertTrue(filler.startsWith("It sounds like you're exhausted, you've barely slept."), filler);
    assertNotEquals(r, other);
  }

  @Test
  void keepItShortShortensTheReplyButKeepsTheRecall() {
    couch.turn("eli", "s1", "Keep it short please. My sister Maya lives with me.");
    State s = couch.turn("eli", "s2", "I had a big fight with my sister last night and I feel awful");
    String r = reply(s);
    assertTrue(r.contains("I remember that your sister is Maya."), r);
    assertFalse(r.contains("That's a lot to carry"), "the rule shortens the reply: " + r);
    assertTrue(r.endsWith("?"), r);
  }

  @Test
  void anInstructionAboutHowToReplyIsAcknowledgedNotReflectedAsAFeeling() {
    String shortly = reply(couch.turn("ivy", "s1", "keep it short please"));
    assertTrue(shortly.startsWith("Of course: I'll keep my replies short."), shortly);
    String advice = reply(couch.turn("jo", "s1", "please don't give me advice"));
    assertTrue(advice.startsWith("Of course: I won't give you advice."), advice);
    String hard = reply(couch.turn("kai", "s1", "keep it short, I'm exhausted and everything feels awful"));
    assertFalse(hard.startsWith("Of course"), "a hard message is answered as one: " + hard);
  }

  @Test
  void wordsOfHarmAreNeverReflectedBackWhicheverBranchAnswers() {
    for (String m : List.of("I'm going to jump off the bridge tonight", "nobody would even notice if I was gone",
        "I took a whole bunch of pills an hour ago", "I cut again last night", "Ich will nicht mehr leben")) {
      String r = reply(couch.turn("gus", "harm-" + m.hashCode(), m));
      assertFalse(r.startsWith("It sounds like"), r);
      assertTrue(r.contains("\n- "), "the locale's resources: " + r);
      assertTrue(r.endsWith("?"), r);
    }
    String after = reply(couch.turn("gus", "harm-" + "I cut again last night".hashCode(), "no"));
    assertTrue(after.startsWith("I'm glad you're not about to act on them right now."), after);
  }

  @Test
  void anIdiomIsAnsweredAsTheEverydayThingItIs() {
    String r = reply(couch.turn("hal", "s1", "this homework is killing me and the deadline is tomorrow"));
    assertFalse(r.contains("988"), r);
    assertTrue(r.startsWith("It sounds like this homework is killing you"), r);
  }

  @Test
  void theSameMessageGetsTheSameReply() {
    assertEquals(reply(couch.turn("fin", "a", "my exams start next week and I can't focus")),
        reply(couch.turn("fin", "b", "my exams start next week and I can't focus")));
  }
}
