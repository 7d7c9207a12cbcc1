package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * "What did we talk about?" recalls what the user told us, never the greeting or the introduction ("Tu m'as dit que
 * bonjour, toi c'est Camille" was heard in a user trial), and never says a loss back.
 */
class RecallSmallTalkTest {
  final Couch couch = new Couch();

  String say(String session, String locale, String message) {
    State s = couch.graph.invoke(Map.of("message", message, "user_id", "u-" + session, "session_id", session,
        "locale", locale), couch.config(session));
    return String.valueOf(CouchState.response(s).text());
  }

  @Test
  void theGreetingAndTheIntroductionAreNotRecalledAsWhatWasTold() {
    say("r1", "fr-FR", "bonjour, moi c'est Camille");
    say("r1", "fr-FR", "je suis débordée au travail depuis la rentrée");
    String r = say("r1", "fr-FR", "de quoi on a parlé ?");
    assertFalse(r.contains("bonjour") || r.contains("Camille"), r);
    assertTrue(r.startsWith("Tu m'as dit que tu es débordée au travail"), r);
    say("r2", "en-US", "hey");
    say("r2", "en-US", "I'm Sam");
    say("r2", "en-US", "work has been brutal this month");
    String en = say("r2", "en-US", "what did we talk about?");
    assertTrue(en.startsWith("You told me work has been brutal this month"), en);
  }

  @Test
  void aLossIsRememberedButNotSaidBack() {
    say("r3", "de-DE", "Mein Mann ist vor drei Monaten gestorben. Wir waren 41 Jahre verheiratet.");
    say("r3", "de-DE", "Die Abende sind am schlimmsten.");
    String r = say("r3", "de-DE", "Worüber haben wir gesprochen?");
    assertFalse(r.contains("gestorben") || r.contains("verheiratet"), "no sentence of a loss is said back: " + r);
    assertTrue(r.contains("Die Abende sind am schlimmsten") && r.contains("schmerzhafte"), r);
  }
}
