package dev.trellis.apps.opencouch.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.trellis.safety.Action;
import dev.trellis.safety.Layer;
import dev.trellis.safety.RiskClass;
import dev.trellis.safety.Verdict;
import org.junit.jupiter.api.Test;

/** Where the classifier's check-in verdicts go: readable ones to the therapeutic branch's check-in, others to the safety reply. */
class CheckInBandRouteTest {
  @Test
  void aReadableMessageTheClassifierIsUnsureAboutTakesTheTherapeuticRouteMarkedForTheCheckIn() {
    Assessment a = CrisisGate.of(new Verdict(RiskClass.NONE, Action.CHECK_IN, Layer.EMBEDDING, "en", true, 0.4, ""));
    assertEquals("therapeutic", a.route());
    assertEquals("check_in", a.category());
    assertFalse(a.crisis(), "a check-in is not the crisis branch");
  }

  @Test
  void aMessageInALanguageTheClassifierCannotReadKeepsTheSafetyReplysCheckIn() {
    Assessment a = CrisisGate.of(new Verdict(RiskClass.NONE, Action.CHECK_IN, Layer.POLICY, "pl", false, 0.0, ""));
    assertEquals("check_in", a.route());
    assertEquals("check_in", a.category());
  }
}
