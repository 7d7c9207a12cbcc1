package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** The lexicon tests' shared check: a message the lexicons alone read as a crisis of one class. */
final class LexiconCases {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  private LexiconCases() {}

  /** The lexicons alone, with no history, give {@code message} the crisis branch and class {@code label} (wire name). */
  static void assertCrisisOfClass(String message, String locale, String label) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.CRISIS, v.action(), v.toString());
    assertEquals(RiskClass.fromWire(label), v.label(), v.toString());
  }
}
