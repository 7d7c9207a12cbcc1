package dev.trellis.apps.opencouch.therapeutic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.safety.Assessment;
import org.junit.jupiter.api.Test;

/** The therapeutic branch answers with the check-in whenever the gate was unsure, whatever the message's words. */
class CheckInNeededTest {
  static Assessment gate(String category) {
    return new Assessment(false, "therapeutic", "none", category, "embedding", "en", "");
  }

  @Test
  void aMessageTheGateWasUnsureAboutGetsTheCheckInThoughItsWordsAreHarmless() {
    String message = "I always end up cancelling plans at the last minute";
    assertTrue(CheckIn.needed(message, gate("check_in"), false));
    assertFalse(CheckIn.needed(message, gate("none"), false), "the same words with the gate sure: an ordinary reply");
  }

  @Test
  void anAnswerToAPendingCheckInIsNotAskedAgainWhenTheGateIsOnlyUnsure() {
    String answer = "no, I'm not. just annoyed at myself";
    assertFalse(CheckIn.needed(answer, gate("check_in"), true), "the check-in's question was just answered");
    assertTrue(CheckIn.needed("no. I just want to die", gate("check_in"), true),
        "words of death in the answer still get the check-in");
  }

  @Test
  void aDeathMournedIsGriefNotACheckIn() {
    // tried over HTTP: "My dog died." reached the therapeutic branch (the gate sure it was none) and got the check-in
    for (String loss : new String[] {"My dog died.", "Who is going to look after my dog now that my mom died?",
        "my grandad passed away last week", "Mein Hund ist gestorben.", "ma mère est morte en mars"}) {
      assertFalse(CheckIn.needed(loss, gate("none"), false), loss);
    }
    assertTrue(CheckIn.needed("my dog died and I want to die too", gate("none"), false),
        "the writer's own words of death beside a loss still get the check-in");
  }
}
