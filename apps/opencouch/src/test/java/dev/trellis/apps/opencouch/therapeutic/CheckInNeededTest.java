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
    assertTrue(CheckIn.needed(message, gate("check_in")));
    assertFalse(CheckIn.needed(message, gate("none")), "the same words with the gate sure: an ordinary reply");
  }
}
