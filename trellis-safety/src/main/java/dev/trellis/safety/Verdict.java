package dev.trellis.safety;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The classifier's answer for one message: the class, what the application should do, the
 * layer that decided, the detected language ({@code en}, {@code de}, {@code fr}, another ISO
 * code, or {@code und}), whether the classifier can read that language, the embedding head's
 * crisis probability (NaN without a head) and the evidence (the phrase matched, or the reason).
 * Immutable.
 */
public record Verdict(RiskClass label, Action action, Layer layer, String language, boolean languageSupported,
                      double crisisScore, String evidence) {
  public Verdict {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(layer, "layer");
    Objects.requireNonNull(language, "language");
    evidence = evidence == null ? "" : evidence;
  }

  /** True when the application must take the crisis branch. */
  public boolean crisis() {
    return action == Action.CRISIS;
  }

  /** As stored in graph state: {@code label, action, layer, language, language_supported, crisis, crisis_score, evidence}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("label", label.wireName());
    m.put("action", action.wireName());
    m.put("crisis", crisis());
    m.put("layer", layer.wireName());
    m.put("language", language);
    m.put("language_supported", languageSupported);
    m.put("crisis_score", Double.isNaN(crisisScore) ? null : crisisScore);
    m.put("evidence", evidence);
    return m;
  }

  Verdict with(RiskClass newLabel, Action newAction, Layer newLayer, String newEvidence) {
    return new Verdict(newLabel, newAction, newLayer, language, languageSupported, crisisScore, newEvidence);
  }
}
