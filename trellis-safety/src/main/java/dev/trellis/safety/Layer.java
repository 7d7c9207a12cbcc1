package dev.trellis.safety;

import java.util.Locale;

/** The classifier layer that decided a {@link Verdict}. */
public enum Layer {
  /** A deterministic override: explicit statements, never softened by context or idiom. */
  OVERRIDE,
  /** A recent crisis in the history carried onto a short or affirmative follow-up. */
  CONTEXT,
  /** A per-language lexicon phrase (typo-, leetspeak- and obfuscation-tolerant). */
  LEXICON,
  /** The logistic-regression head on MiniLM sentence embeddings. */
  EMBEDDING,
  /** The LLM judge (only ever widens the net). */
  JUDGE,
  /** No layer fired: the policy's default (none, or a check-in for a language it cannot read). */
  POLICY;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
