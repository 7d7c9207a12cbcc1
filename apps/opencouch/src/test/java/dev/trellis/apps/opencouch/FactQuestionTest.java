package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.Topics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A question about someone the user told us of in an earlier session is answered from the kept fact — not with a
 * generic reply, "not in this conversation" or the last session's summary — in English, German and French; and a
 * German message gets the topics its English twin gets, word for word as specific.
 */
class FactQuestionTest {
  final Couch couch = new Couch();

  @Test
  void aQuestionAboutSomeoneToldOfEarlierIsAnsweredFromTheKeptFact() {
    couch.say("sam", "s1", "en-US", "Hi, I'm Sam. My sister Anna has been really distant lately and it hurts");
    couch.say("sam", "s1", "en-US", "work has been stressful too, my boss keeps piling things on");
    couch.endSession("sam", "s1");
    int session = 2;
    for (String q : List.of("who is Anna?", "I forgot what my sister's name is", "what did I tell you about my sister?")) {
      String r = couch.say("sam", "s" + session++, "en-US", q);   // each in a new session: nothing said in this one
      assertTrue(r.startsWith("I remember that your sister is Anna."), q + " → " + r);
      assertFalse(r.contains("Last time") || r.contains("fair question") || r.contains("in this conversation"), r);
    }
    String mentions = couch.say("sam", "s2", "en-US", "do you think my sister is angry with me?");
    assertFalse(mentions.startsWith("I remember that your sister is Anna."), "a question that only mentions her: " + mentions);
  }

  @Test
  void germanAndFrenchQuestionsAreAnsweredFromTheFactNotAsAnOpenQuestion() {
    couch.say("lena", "d1", "de-DE", "Hallo, ich heiße Lena. Meine Schwester Anna ist in letzter Zeit so distanziert.");
    couch.say("lena", "d1", "de-DE", "Und die Arbeit stresst mich, mein Chef ist unmöglich.");
    couch.endSession("lena", "d1");
    for (String q : List.of("Wie heißt meine Schwester?", "Wer ist Anna?", "Kannst du mir sagen, wie meine Schwester heißt?")) {
      String r = couch.say("lena", "d2", "de-DE", q);
      assertTrue(r.startsWith("Ich weiß noch: Deine Schwester heißt Anna."), q + " → " + r);
      assertFalse(r.contains("berechtigte Frage") || r.contains("Letztes Mal"), r);
    }
    couch.say("lea", "f1", "fr-FR", "Bonjour, je m'appelle Léa. Ma sœur Anna est très distante en ce moment.");
    couch.endSession("lea", "f1");
    String fr = couch.say("lea", "f2", "fr-FR", "Comment s'appelle ma sœur ?");
    assertTrue(fr.startsWith("Je me souviens que ta sœur s'appelle Anna."), fr);
    assertFalse(fr.contains("vraie question"), fr);
  }

  @Test
  void germanTopicsAreAsSpecificAsTheirEnglishTwins() {
    Map<String, String> twins = Map.of(
        "Ich wurde gekündigt und mein Vorgesetzter sagt nichts.", "I got fired and my manager says nothing.",
        "Mein Gehalt reicht nicht.", "My paycheck isn't enough.",
        "Meine Noten sind schlecht.", "My grades are bad.",
        "Ich habe Liebeskummer.", "I'm heartbroken.",
        "Mein Schlafzimmer ist zu kalt.", "My bedroom is too cold.",
        "Ich schlafe seit Wochen schlecht.", "I've been sleeping badly for weeks.",
        "Meine Angstzustände werden schlimmer.", "My anxiety is getting worse.");
    twins.forEach((de, en) -> assertEquals(Topics.of(en), Topics.of(de), de + " / " + en));
    assertEquals(List.of("work"), Topics.of("Ich wurde gekündigt."));
    assertEquals(List.of(), Topics.of("Mein Schlafzimmer ist zu kalt."), "a bedroom is not sleep");
  }
}
