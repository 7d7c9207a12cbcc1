package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * "How can I …?" in German or French gets the stress explanation only when it asks how to cope, as
 * in English — tried over HTTP, "Wie kann ich mit ihm darüber reden?" (about a father) got "… Kopf
 * und Körper reagieren auf Stress oft auf verwirrende Weise …".
 */
class HowCanIRepliesTest {
  static final String STRESS_DE = "Kopf und Körper reagieren auf Stress";
  /** The knowledge topic's stress explanation, which a message naming stress gets ("… mit dem Stress umgehen?"). */
  static final String STRESS_TOPIC_DE = "Stress ist die Antwort auf Anforderungen";
  static final String STRESS_FR = "notre esprit et notre corps réagissent au stress";
  /** The sleep topic's explanation of stress, which a coping question about the evening gets. */
  static final String STRESS_SLEEP_FR = "Le stress garde le système nerveux en alerte";
  final Couch couch = new Couch();

  @Test
  void aGermanHowCanITalkToHimIsNotAnsweredWithTheStressExplanation() {
    couch.say("jo", "de", "de-DE", "Ich hatte gestern Streit mit meinem Vater.");
    String reply = couch.say("jo", "de", "de-DE", "Wie kann ich mit ihm darüber reden?");
    assertFalse(reply.contains(STRESS_DE) || reply.contains(STRESS_TOPIC_DE), reply);
  }

  @Test
  void aFrenchHowCanITalkToHimIsNotAnsweredWithTheStressExplanation() {
    couch.say("li", "fr", "fr-FR", "Je me suis disputée avec mon père hier.");
    String reply = couch.say("li", "fr", "fr-FR", "Comment je peux lui en parler ?");
    assertFalse(reply.contains(STRESS_FR), reply);
  }

  @Test
  void aGermanHowCanICalmDownStillGetsTheStressExplanation() {
    couch.say("ka", "de2", "de-DE", "Ich bin seit Wochen total gestresst wegen der Arbeit.");
    String reply = couch.say("ka", "de2", "de-DE", "Wie kann ich besser mit dem Stress umgehen?");
    assertTrue(reply.contains(STRESS_DE) || reply.contains(STRESS_TOPIC_DE), reply);
  }

  @Test
  void aFrenchHowCanICalmDownStillGetsTheStressExplanation() {
    couch.say("mo", "fr2", "fr-FR", "Je suis super stressée par le travail depuis des semaines.");
    String reply = couch.say("mo", "fr2", "fr-FR", "Comment je peux me calmer le soir ?");
    assertTrue(reply.contains(STRESS_FR) || reply.contains(STRESS_SLEEP_FR), reply);
  }
}
