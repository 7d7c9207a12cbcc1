package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.SessionEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The last session's summary, recalled at the start of a later session, is said in the conversation's language and
 * names only topics: never a sentence of the user's, nothing of a crisis turn, no label of ours.
 */
class RecallLanguageTest {
  final Couch couch = new Couch();

  @Test
  void aGermanSessionOpensWithTheLastSessionsTopicsInGerman() {
    couch.say("lea", "de1", "de-DE", "Die Arbeit macht mich gerade fertig, mein Chef setzt mich ständig unter Druck.");
    couch.say("lea", "de1", "de-DE", "Und ich schlafe seit Wochen schlecht.");
    couch.endSession("lea", "de1");
    String hi = couch.say("lea", "de2", "de-DE", "Hallo, da bin ich wieder");
    assertTrue(hi.contains("Letztes Mal haben wir über Arbeit, Stress und Schlaf gesprochen."), hi);
    assertFalse(hi.contains("Last time") || hi.contains("Chef") || hi.contains("fertig"), hi);
  }

  @Test
  void aFrenchSessionOpensWithTheLastSessionsTopicsInFrenchAndNothingOfItsCrisisTurn() {
    couch.say("zoe", "fr1", "fr-FR", "je veux mourir, je n'en peux plus");
    couch.say("zoe", "fr1", "fr-FR", "mon travail me stresse énormément en ce moment");
    couch.endSession("zoe", "fr1");
    String hi = couch.say("zoe", "fr2", "fr-FR", "Bonjour, c'est encore moi");
    assertTrue(hi.contains("La dernière fois, on a parlé de travail et de stress."), hi);
    assertFalse(hi.contains("Last time") || hi.contains("mourir") || hi.contains("crisis"), hi);
  }

  @Test
  void anEnglishSessionStillOpensWithLastTime() {
    couch.say("ray", "en1", "en-US", "work has been so stressful lately, my manager keeps moving deadlines");
    couch.endSession("ray", "en1");
    String hi = couch.say("ray", "en2", "en-US", "hi there");
    assertTrue(hi.contains("Last time you talked about work and stress."), hi);
  }

  @Test
  void whatWeTalkedAboutLastTimeIsAnsweredFromTheLastSessionInTheConversationsLanguage() {
    couch.say("sam", "l1", "en-US", "my family has been so hard to be around lately");
    couch.endSession("sam", "l1");
    couch.say("sam", "l2", "en-US", "hello");
    String en = couch.say("sam", "l2", "en-US", "what did we talk about last time?");
    assertTrue(en.startsWith("Last time you talked about family."), en);
    couch.say("jonas", "l3", "de-DE", "Die Arbeit stresst mich total, mein Chef ist unmöglich.");
    couch.endSession("jonas", "l3");
    couch.say("jonas", "l4", "de-DE", "Hallo");
    String de = couch.say("jonas", "l4", "de-DE", "worüber haben wir letztes Mal gesprochen?");
    assertTrue(de.startsWith("Letztes Mal haben wir über Arbeit und Stress gesprochen."), de);
    couch.say("new", "l5", "fr-FR", "bonjour");
    String none = couch.say("new", "l5", "fr-FR", "de quoi on a parlé la dernière fois ?");
    assertTrue(none.startsWith("Je n'ai rien gardé de notre dernière conversation."), none);
  }

  @Test
  void aSummaryNamingAnythingButTopicsIsNeverSaid() {
    assertEquals("Letztes Mal haben wir über Arbeit und einen Umzug gesprochen.",
        SessionEnd.recalled("In an earlier session the user talked about work and a move.", "de"));
    assertEquals("La dernière fois, on a parlé de famille, de sommeil et d'argent.",
        SessionEnd.recalled("In an earlier session the user talked about family, sleep and money.", "fr"));
    for (String label : List.of("In an earlier session the user talked about work and check_in.",
        "In an earlier session the user talked about wanting to die.", "The user talked about work.")) {
      for (String lang : List.of("en", "de", "fr")) {
        assertNull(SessionEnd.recalled(label, lang), label);
      }
    }
  }
}
