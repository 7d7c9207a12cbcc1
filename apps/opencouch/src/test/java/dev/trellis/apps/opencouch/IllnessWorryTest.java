package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Worry about a relative's illness is not concern for someone at risk of harming themself: the
 * classifier's third-party class takes it in, and OpenCouch answers it as the worry it is, in
 * English, German and French — beside true third-party twins, which keep the third-party reply.
 */
class IllnessWorryTest {
  final Couch couch = new Couch();

  State run(String message, String locale, String session) {
    return couch.turn("u-" + session, session, locale, message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Meine Mutter ist krank und ich mache mir Sorgen|de-DE",
      "Mein Vater liegt im Krankenhaus und ich habe Angst um ihn.|de-DE",
      "My mom is sick and I'm worried about her.|en-US",
      "my dad has cancer and I can't stop worrying|en-US",
      "Ma mère est malade et je m'inquiète pour elle.|fr-FR"})
  void worryAboutARelativesIllnessIsAnsweredAsWorryNotAsSomeoneAtRisk(String message, String locale) {
    State s = run(message, locale, "w" + Math.abs(message.hashCode()));
    assertEquals("therapeutic", CouchState.routing(s).route(), CouchState.crisis(s).toString());
    String reply = String.valueOf(CouchState.response(s).text());
    for (String thirdParty : new String[] {"looking out for them", "suicide", "achtest", "Suizid", "veilles", "suicide"}) {
      assertFalse(reply.contains(thirdParty), reply);
    }
    assertTrue(couch.log.forUser("u-w" + Math.abs(message.hashCode())).isEmpty(), "nothing for the crisis log");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "my friend says she wants to die, how do I help her?|en-US|worried about someone else",
      "My mom is sick and she says she doesn't want to live anymore.|en-US|worried about someone else",
      "Meine Freundin sagt, sie will sterben. Wie kann ich ihr helfen?|de-DE|Gut, dass du auf diese Person achtest.",
      "Meine Mutter ist krank und sagt, sie will nicht mehr leben.|de-DE|Gut, dass du auf diese Person achtest.",
      "Mon amie dit qu'elle veut mourir, comment l'aider ?|fr-FR|C'est important que tu veilles sur cette personne."})
  void someoneElseAtRiskKeepsTheThirdPartyReply(String message, String locale, String expected) {
    State s = run(message, locale, "t" + Math.abs(message.hashCode()));
    assertEquals("third_party", CouchState.routing(s).route(), CouchState.crisis(s).toString());
    String reply = String.valueOf(CouchState.response(s).text());
    assertTrue(reply.contains(expected), reply);
  }

  /**
   * A hospital or an illness beside an attempt, an overdose, pills taken or hanging is not worry about an illness: the
   * classifier's verdict (third party, or crisis) stands, and the turn is logged.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "my best friend is in hospital after trying to hang himself|en-US",
      "Mein Bruder liegt nach einer Überdosis im Krankenhaus|de-DE",
      "ma sœur est à l'hôpital, elle a avalé toutes ses pilules|fr-FR",
      "my brother is in hospital after he took an overdose of his meds|en-US",
      "Meine Freundin ist im Krankenhaus, sie hat alle ihre Tabletten geschluckt|de-DE"})
  void anIllnessBesideAnAttemptKeepsTheRiskPath(String message, String locale) {
    String session = "a" + Math.abs(message.hashCode());
    State s = run(message, locale, session);
    String route = CouchState.routing(s).route();
    assertTrue(route.equals("third_party") || route.equals("crisis"), CouchState.crisis(s).toString());
    assertFalse(couch.log.forUser("u-" + session).isEmpty(), "the turn is in the crisis log");
  }
}
