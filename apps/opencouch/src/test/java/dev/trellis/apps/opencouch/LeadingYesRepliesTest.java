package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A yes or an ok before what the user says is not said back — tried over HTTP, "yeah it was
 * humiliating" got "It sounds like yeah it was humiliating.", "oui, c'est dur" "Si je comprends
 * bien, oui, c'est dur.".
 */
class LeadingYesRepliesTest {
  final Couch couch = new Couch();

  @Test
  void anEnglishYeahIsNotSaidBack() {
    couch.say("ana", "en", "en-GB", "my boss yelled at me in front of everyone today");
    String reply = couch.say("ana", "en", "en-GB", "yeah it was humiliating");
    assertTrue(reply.startsWith("It sounds like it was humiliating."), reply);
  }

  @Test
  void aFrenchOuiIsNotSaidBack() {
    couch.say("mia", "fr", "fr-FR", "Je me sens seule depuis que mon copain est parti.");
    String reply = couch.say("mia", "fr", "fr-FR", "oui, c'est vraiment dur");
    assertTrue(reply.startsWith("Si je comprends bien, c'est vraiment dur."), reply);
  }
}
