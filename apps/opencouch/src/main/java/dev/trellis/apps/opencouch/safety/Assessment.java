package dev.trellis.apps.opencouch.safety;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The crisis gate's verdict on one message: whether it is a crisis, the severity tier
 * ({@code imminent}, {@code high}, {@code medium}, {@code low}, {@code none}), the category
 * ({@code self_harm}, {@code suicidal_ideation}, {@code violence}, ...), the layer that decided
 * ({@code override}, {@code regex}, {@code llm}, {@code context}, {@code policy}) and the text that matched.
 */
public record Assessment(boolean crisis, String severity, String category, String layer, String matched) {
  public static final Assessment NONE = new Assessment(false, "none", "none", "regex", "");

  public Assessment withLayer(String l) {
    return new Assessment(crisis, severity, category, l, matched);
  }

  public Assessment withCrisis(boolean c) {
    return new Assessment(c, severity, category, layer, matched);
  }

  /** As stored in state under {@code crisis}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("detected", crisis);
    m.put("severity", severity);
    m.put("category", category);
    m.put("layer", layer);
    m.put("matched", matched);
    return m;
  }
}
