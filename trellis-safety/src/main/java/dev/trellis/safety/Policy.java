package dev.trellis.safety;

/**
 * Layer 5, policy normalisation: a class becomes an {@link Action}. Every crisis class is the
 * crisis branch; concern for someone else is the third-party path; anything else in a language
 * the classifier cannot read is a check-in (never a silent "none"); the rest carries on.
 */
final class Policy {
  private Policy() {
  }

  static Action action(RiskClass label, boolean languageSupported) {
    if (label.crisis()) {
      return Action.CRISIS;
    }
    if (label == RiskClass.THIRD_PARTY_CONCERN) {
      return Action.THIRD_PARTY;
    }
    return languageSupported ? Action.NONE : Action.CHECK_IN;
  }
}
