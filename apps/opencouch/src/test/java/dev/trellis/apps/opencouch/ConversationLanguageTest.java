package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A short or language-neutral message ("danke", "tschüss", "merci", "ok") is answered in the conversation's language,
 * kept in state from the messages whose language could be told, not in the session's locale (tried as a user: a German
 * conversation of an en-US session got "I'm here whenever you're ready" for "danke").
 */
class ConversationLanguageTest {
  final Couch couch = new Couch();

  State say(String session, String locale, String message) {
    return couch.graph.invoke(Map.of("message", message, "user_id", "u-" + session, "session_id", session,
        "locale", locale), couch.config(session));
  }

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void thanksAndGoodbyeInAGermanConversationOfAnEnglishSessionAreAnsweredInGerman() {
    State first = say("g1", "en-US", "Die Abende sind am schlimmsten, das Haus ist so still seit mein Mann nicht mehr da ist.");
    assertEquals("de", first.get(CouchState.LANGUAGE));
    String ok = reply(say("g1", "en-US", "ok"));
    assertTrue(ok.startsWith("Ich bin da, wann immer du bereit bist."), ok);
    String thanks = reply(say("g1", "en-US", "danke"));
    assertTrue(thanks.startsWith("Ich bin da"), thanks);
    String bye = reply(say("g1", "en-US", "tschüss"));
    assertTrue(bye.startsWith("Danke, dass du heute mit mir gesprochen hast"), bye);
  }

  @Test
  void thanksInAFrenchConversationOfAnEnglishSessionIsAnsweredInFrench() {
    say("f1", "en-US", "je suis épuisée en ce moment, je dors très mal");
    String merci = reply(say("f1", "en-US", "merci"));
    assertTrue(merci.startsWith("Je suis là dès que tu es prêt·e."), merci);
    String ok = reply(say("f1", "en-US", "ok"));
    assertTrue(ok.startsWith("Je suis là"), ok);
  }

  @Test
  void aGreetingThatOnlyOneLanguageSaysOpensTheConversationInIt() {
    String morning = reply(say("g2", "en-US", "Guten Morgen"));
    assertTrue(morning.startsWith("Hallo, schön, von dir zu hören."), morning);
    String salut = reply(say("f2", "en-US", "salut"));
    assertTrue(salut.startsWith("Bonjour"), salut);
  }

  @Test
  void aShortGermanQuestionInAGermanConversationIsAnsweredInGerman() {
    say("g3", "de-DE", "Ich schlafe seit Wochen schlecht.");
    State tips = say("g3", "de-DE", "Hast du Tipps?");
    assertEquals("de", tips.get(CouchState.LANGUAGE));
    assertTrue(reply(tips).contains("Kopf und Körper reagieren auf Stress"), reply(tips));
  }

  @Test
  void anEnglishConversationOfAGermanSessionStaysEnglishOnANeutralOk() {
    say("e1", "de-DE", "I've had a really rough week at work and I can't switch off");
    String ok = reply(say("e1", "de-DE", "ok"));
    assertTrue(ok.startsWith("I'm here whenever you're ready."), ok);
  }
}
