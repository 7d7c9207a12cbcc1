package dev.trellis.safety;

import java.util.Locale;

/**
 * What a message says about risk. The first eight are crisis classes ({@link #crisis()});
 * {@link #THIRD_PARTY_CONCERN} is worry about someone else, {@link #FIGURATIVE} is danger
 * words used as idiom ("this homework is killing me"), {@link #NONE} is everything else.
 * Declared from most to least urgent: when several classes match, the earliest wins.
 */
public enum RiskClass {
  /** A suicide attempt or overdose happening or just done ("I took all my pills an hour ago"). */
  ATTEMPT_IN_PROGRESS,
  /** A stated plan, time or intent to die ("I'm going to jump off the bridge tonight"). */
  PLAN_INTENT,
  /** Having, getting or stockpiling a means ("I've been saving up my pills"). */
  MEANS_ACCESS,
  /** Hurting oneself, past or present ("I cut again last night"). */
  SELF_HARM,
  /** Intent or urge to hurt someone else ("I'm going to hurt him"). */
  HARM_TO_OTHERS,
  /** Goodbyes, giving things away, final arrangements ("I wrote letters to everyone"). */
  WARNING_SIGNS,
  /** Wishing to be dead or not to exist ("I wish I could go to sleep and not wake up"). */
  PASSIVE_IDEATION,
  /** Ideation by implication ("nobody would even notice if I was gone"). */
  INDIRECT_IDEATION,
  /** Concern for someone else at risk ("my friend is suicidal, how can I help her?"). */
  THIRD_PARTY_CONCERN,
  /** Danger words as idiom ("my mom is going to kill me when she sees my grades"). */
  FIGURATIVE,
  /** No risk signal. */
  NONE;

  /** True for the eight crisis classes. */
  public boolean crisis() {
    return ordinal() <= INDIRECT_IDEATION.ordinal();
  }

  /** The snake_case name used in corpora, state and JSON ({@code plan_intent}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The class named {@code wire} ({@code plan_intent}); throws naming the known names otherwise. */
  public static RiskClass fromWire(String wire) {
    for (RiskClass c : values()) {
      if (c.wireName().equals(wire)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown risk class \"" + wire + "\": known are "
        + java.util.Arrays.stream(values()).map(RiskClass::wireName).toList());
  }
}
