package dev.trellis.apps.opencouch.safety;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.trellis.apps.opencouch.StoredMaps;

/**
 * The crisis gate's verdict on one message, kept in state as {@code crisis}: whether it is a
 * crisis, the route it takes ({@code crisis}, {@code third_party}, {@code check_in} or
 * {@code therapeutic}), the severity tier ({@code imminent}, {@code high}, {@code medium},
 * {@code low}, {@code none}), the category (the classifier's class, e.g. {@code plan_intent};
 * {@code violence} for harm to others), the layer that decided ({@code override}, {@code lexicon},
 * {@code embedding}, {@code judge}, {@code context}, {@code policy}), the detected language and
 * the text that matched. On the wire it is
 * {@code {detected, route, severity, category, layer, language, matched}}, as the map it replaced.
 */
public record Assessment(@JsonProperty("detected") boolean crisis, String route, String severity, String category,
                         String layer, String language, String matched) {
  /** No verdict: what a turn reads before the gate has written one (every field null, not a crisis). */
  public static final Assessment NONE = new Assessment(false, null, null, null, null, null, null);

  /** The stored value as a record: itself, or the {@code crisis} map of an older checkpoint or a client; NONE when absent. */
  public static Assessment from(Object stored) {
    return StoredMaps.one(stored, Assessment.class, m -> new Assessment(Boolean.TRUE.equals(StoredMaps.bool(m, "detected")),
        StoredMaps.string(m, "route"), StoredMaps.string(m, "severity"), StoredMaps.string(m, "category"), StoredMaps.string(m, "layer"),
        StoredMaps.string(m, "language"), StoredMaps.string(m, "matched")), NONE);
  }
}
