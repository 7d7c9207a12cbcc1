package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.Candidate;
import dev.trellis.apps.opencouch.memory.FactRules;
import dev.trellis.apps.opencouch.memory.LocalFacts;
import dev.trellis.apps.opencouch.memory.WritePolicy;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Facts told in German and French (job, pet, someone close, where they live, what worries them) are kept in that
 * language and recalled in it, not only the name (tried as a user: Helga's dachshund and daughter, Camille's job and cat
 * were never recalled).
 */
class LocalFactsTest {
  final Couch couch = new Couch();

  State say(String user, String session, String locale, String message) {
    return couch.graph.invoke(Map.of("message", message, "user_id", user, "session_id", session, "locale", locale),
        couch.config(session));
  }

  static String reply(State s) {
    return String.valueOf(CouchState.response(s).text());
  }

  static List<String> facts(String message) {
    return FactRules.extract(message).stream().map(Candidate::text).toList();
  }

  @Test
  void germanFactsAreKeptInGermanAndSaidBackInTheSecondPerson() {
    assertEquals(List.of("Die Person hat einen Dackel namens Bruno."), facts("Ich habe einen Dackel, Bruno. Der hält mich am Laufen."));
    assertEquals(List.of("Die Tochter der Person wohnt in Hamburg."), facts("Meine Tochter wohnt in Hamburg, sie ruft jeden Sonntag an"));
    assertEquals(List.of("Die Person war früher Grundschullehrerin."), facts("Ich war früher Grundschullehrerin, seit fünf Jahren in Rente."));
    assertEquals(List.of("Die Person macht sich Sorgen um ihre Prüfungen."), facts("ich mache mir total Sorgen um meine Prüfungen"));
    assertEquals("du hast einen Dackel namens Bruno", LocalFacts.said("Die Person hat einen Dackel namens Bruno.", "de"));
    assertEquals("deine Tochter wohnt in Hamburg", LocalFacts.said("Die Tochter der Person wohnt in Hamburg.", "de"));
    assertEquals("du machst dir Sorgen um deine Prüfungen", LocalFacts.said("Die Person macht sich Sorgen um ihre Prüfungen.", "de"));
    for (String f : List.of("Die Person hat einen Dackel namens Bruno.", "Die Tochter der Person wohnt in Hamburg.")) {
      assertTrue(WritePolicy.safeToKeep(f), "a German fact's article is no English 'die': " + f);
    }
  }

  @Test
  void frenchFactsAreKeptInFrenchAndSaidBackInTheSecondPerson() {
    assertEquals(List.of("La personne est infirmière de nuit."), facts("je suis infirmière de nuit et je suis épuisée"));
    assertEquals(List.of("La personne a un chat qui s'appelle Mochi."), facts("j'ai un chat qui s'appelle Mochi"));
    assertEquals(List.of("Le frère de la personne s'appelle Julien."), facts("mon frère Julien ne me parle plus depuis Noël"));
    assertEquals(List.of("La personne s'inquiète pour sa mère."), facts("je m'inquiète beaucoup pour ma mère"));
    assertEquals("tu es infirmière de nuit", LocalFacts.said("La personne est infirmière de nuit.", "fr"));
    assertEquals("ton frère s'appelle Julien", LocalFacts.said("Le frère de la personne s'appelle Julien.", "fr"));
    assertEquals("tu t'inquiètes pour ta mère", LocalFacts.said("La personne s'inquiète pour sa mère.", "fr"));
  }

  @Test
  void aGermanUserHearsHerFactsInGermanInTheNextSession() {
    say("helga", "h1", "en-US", "Ich heiße Helga. Ich habe einen Dackel, Bruno.");
    say("helga", "h1", "en-US", "Meine Tochter wohnt in Hamburg.");
    String all = reply(say("helga", "h2", "en-US", "Was weißt du noch über mich?"));
    assertTrue(all.startsWith("Das weiß ich noch von dir:"), all);
    assertTrue(all.contains("du hast einen Dackel namens Bruno") && all.contains("deine Tochter wohnt in Hamburg")
        && all.contains("du heißt Helga"), all);
    assertFalse(all.contains("The user") || all.contains("Die Person"), all);
  }

  @Test
  void aFrenchUserHearsAFactOtherThanHerNameUnprompted() {
    say("cam", "c1", "en-US", "je suis infirmière de nuit");
    String r = reply(say("cam", "c2", "en-US", "je n'arrive plus à dormir la journée, les voisins font des travaux"));
    assertTrue(r.contains("Je me souviens que tu es infirmière de nuit."), r);
    String all = reply(say("cam", "c2", "en-US", "tu te souviens de moi ?"));
    assertTrue(all.startsWith("Voilà ce dont je me souviens : tu es infirmière de nuit"), all);
  }

  @Test
  void englishWorriesAndLongerJobsAreKeptToo() {
    assertEquals(List.of("The user is a second year psych student."), facts("im a second year psych student btw"));
    assertTrue(facts("I'm a terrible student").isEmpty(), "a judgement is no job");
    assertEquals(List.of("The user is worried about their biology exam."), facts("I'm really worried about my biology exam"));
    say("maya", "m1", "en-US", "hi, I'm Maya. I work as a barista and my manager is unfair with the shifts");
    String all = reply(say("maya", "m1", "en-US", "what do you remember about me?"));
    assertTrue(all.contains("you work as a barista") && all.contains("your name is Maya"), all);
  }
}
