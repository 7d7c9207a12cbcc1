package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A crisis message written in German or French is answered in that language with that
 * country's resources, whatever the session's locale (the gate reads the message's language);
 * a bare answer to the question it asked keeps that language and those resources.
 */
class CrisisReplyLanguageTest {
  final Couch couch = new Couch();

  private State run(String message, String locale, String session) {
    return couch.graph.invoke(Map.of("message", message, "user_id", "u-" + session, "session_id", session,
        "locale", locale), couch.config(session));
  }

  private static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void aGermanCrisisMessageInAnEnglishSessionGetsAGermanReplyWithGermanResources() {
    State s = run("Ich will nicht mehr leben", "en-US", "de1");
    assertEquals("crisis", CouchState.routing(s).route(), CouchState.crisis(s).toString());
    String r = reply(s);
    assertTrue(r.startsWith("Ich bin wirklich froh, dass du es mir gesagt hast"), r);
    assertTrue(r.contains("TelefonSeelsorge") && r.contains("0800 111 0 111"), r);
    assertFalse(r.contains("988"), r);
    assertTrue(r.endsWith(PendingQuestion.ACTING_NOW.text("de-DE")), r);

    String answer = reply(run("nein", "en-US", "de1"));
    assertTrue(answer.startsWith("Ich bin froh, dass du sie gerade nicht umsetzen willst."), answer);
    assertTrue(answer.contains("0800 111 0 111") && !answer.contains("988"), answer);
  }

  @Test
  void aFrenchCrisisMessageInAnEnglishSessionGetsAFrenchReplyWithFrenchResources() {
    State s = run("Je ne veux plus vivre, je n'en peux plus", "en-GB", "fr1");
    assertEquals("crisis", CouchState.routing(s).route(), CouchState.crisis(s).toString());
    String r = reply(s);
    assertTrue(r.startsWith("Je suis vraiment content que tu me l'aies dit"), r);
    assertTrue(r.contains("3114"), r);
    assertFalse(r.contains("116 123") || r.contains("988"), r);
    assertTrue(r.endsWith(PendingQuestion.ACTING_NOW.text("fr-FR")), r);

    String answer = reply(run("oui", "en-GB", "fr1"));
    assertTrue(answer.startsWith("Merci de me l'avoir dit"), answer);
    assertTrue(answer.contains("3114"), answer);
    assertTrue(answer.endsWith(PendingQuestion.SOMEONE_WITH_YOU.text("fr-FR")), answer);
  }

  @Test
  void anEnglishCrisisMessageKeepsTheSessionsLocale() {
    String r = reply(run("I want to kill myself", "en-GB", "en1"));
    assertTrue(r.startsWith("I'm really glad you told me"), r);
    assertTrue(r.contains("116 123"), r);
  }

  @Test
  void concernForSomeoneElseWrittenInGermanIsAnsweredInGerman() {
    State s = run("Mein Bruder sagt, er will sich umbringen. Wie kann ich ihm helfen?", "en-US", "de2");
    assertEquals("third_party", CouchState.routing(s).route(), CouchState.crisis(s).toString());
    String r = reply(s);
    assertTrue(r.startsWith("Gut, dass du auf diese Person achtest."), r);
    assertTrue(r.contains("0800 111 0 111"), r);
  }
}
