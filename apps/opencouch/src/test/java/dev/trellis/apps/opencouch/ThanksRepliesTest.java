package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A thanks that says it helps, in German or French, is acknowledged, not said back as a feeling —
 * tried over HTTP, "Danke, das hilft mir." got "Wenn ich dich richtig verstehe: Danke, das hilft
 * dir. Ich höre dir zu. Wie geht es dir damit?" and "merci, ça m'aide" "Si je comprends bien,
 * merci, ça t'aide. …".
 */
class ThanksRepliesTest {
  final Couch couch = new Couch();

  @Test
  void aGermanThanksThatSaysItHelpsIsAcknowledged() {
    couch.say("lena", "de", "de-DE", "Ich hatte einen schweren Tag.");
    assertEquals("Ich bin da, wann immer du bereit bist. Worüber möchtest du als Nächstes sprechen?",
        couch.say("lena", "de", "de-DE", "Danke, das hilft mir."));
  }

  @Test
  void aFrenchThanksThatSaysItHelpsIsAcknowledged() {
    couch.say("zoe", "fr", "fr-FR", "J'ai eu une journée difficile.");
    String reply = couch.say("zoe", "fr", "fr-FR", "merci, ça m'aide");
    assertEquals("Je suis là dès que tu es prêt·e.", reply.substring(0, "Je suis là dès que tu es prêt·e.".length()), reply);
  }
}
