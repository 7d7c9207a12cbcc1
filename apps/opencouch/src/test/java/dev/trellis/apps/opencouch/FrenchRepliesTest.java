package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A French message is answered in French on the therapeutic path, whatever the session's locale. */
class FrenchRepliesTest {
  final Couch couch = new Couch();

  String say(String session, String locale, String message) {
    State s = couch.graph.invoke(Map.of("message", message, "user_id", "u-" + session, "session_id", session,
        "locale", locale), couch.config(session));
    return String.valueOf(CouchState.response(s).text());
  }

  static void french(String r) {
    assertFalse(r.matches("(?s).*\\b(It sounds like|I'm listening|Thank you|How has that been|I want to)\\b.*"), "English: " + r);
  }

  @Test
  void aGreetingInAFrenchSessionIsAnsweredInFrench() {
    String r = say("f1", "fr-FR", "bonjour");
    assertTrue(r.startsWith("Bonjour"), r);
    french(r);
  }

  @Test
  void aLossIsMetWithCondolencesInFrenchAndThePetIsNotSaidBackInEnglish() {
    String r = say("f2", "en-US", "je viens de perdre mon chien, il avait 14 ans");
    french(r);
    assertTrue(r.startsWith("Je suis vraiment désolé pour ta perte."), r);
  }

  @Test
  void whatIsHardIsSaidBackInFrenchWithThePronounsTurned() {
    String r = say("f3", "en-US", "je me sens épuisée et mon travail me prend toute mon énergie");
    french(r);
    assertTrue(r.contains("tu te sens épuisée et ton travail te prend toute ton énergie"), r);
    String elided = say("f4", "fr-FR", "j'ai l'impression que personne ne m'écoute à la maison");
    assertTrue(elided.contains("tu as l'impression que personne ne t'écoute"), elided);
  }

  @Test
  void aNameIsKeptAndRecalledInFrench() {
    String hi = say("f5", "fr-FR", "salut, je m'appelle Zoé");
    assertTrue(hi.startsWith("Enchanté de faire ta connaissance, Zoé."), hi);
    String name = say("f5", "fr-FR", "comment je m'appelle ?");
    assertTrue(name.startsWith("Tu t'appelles Zoé."), name);
  }

  @Test
  void whatWasSaidAtTheStartIsSaidBackInFrench() {
    say("f6", "fr-FR", "je suis débordée au travail depuis la rentrée");
    String r = say("f6", "fr-FR", "tu te souviens de ce que je t'ai dit au début ?");
    assertTrue(r.startsWith("Tu m'as dit que tu es débordée au travail"), r);
  }

  @Test
  void practicalQuestionsRulesAndExercisesAreInFrench() {
    String tips = say("f7", "fr-FR", "tu as des conseils pour mieux dormir ?");
    assertTrue(tips.contains("lit") && tips.startsWith("C'est une très bonne question"), tips);
    String brief = say("f8", "fr-FR", "sois bref s'il te plaît");
    assertTrue(brief.startsWith("Bien sûr : je serai bref."), brief);
    String ex = say("f9", "fr-FR", "tu peux me guider dans un exercice de respiration ?");
    assertTrue(ex.contains("Étape 1 sur 4"), ex);
    french(ex);
  }
}
