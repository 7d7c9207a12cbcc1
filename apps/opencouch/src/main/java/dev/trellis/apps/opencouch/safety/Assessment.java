package dev.trellis.apps.opencouch.safety;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The crisis gate's verdict on one message: whether it is a crisis, the route it takes
 * ({@code crisis}, {@code third_party}, {@code check_in} or {@code therapeutic}), the severity
 * tier ({@code imminent}, {@code high}, {@code medium}, {@code low}, {@code none}), the category
 * (the classifier's class, e.g. {@code plan_intent}; {@code violence} for harm to others), the
 * layer that decided ({@code override}, {@code lexicon}, {@code embedding}, {@code judge},
 * {@code context}, {@code policy}), the detected language and the text that matched.
 */
public record Assessment(boolean crisis, String route, String severity, String category, String layer, String language,
                         String matched) {

  /** As stored in state under {@code crisis}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("detected", crisis);
    m.put("route", route);
    m.put("severity", severity);
    m.put("category", category);
    m.put("layer", layer);
    m.put("language", language);
    m.put("matched", matched);
    return m;
  }
}
