package dev.trellis.apps.neura;

import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;

/**
 * The navigator's offline response: a template over the formatted context that suggests the
 * best-fitting provider and, when the bundle is degraded, asks about the missing sections.
 */
public final class Navigator {
  private Navigator() {
  }

  /** The context block the navigator reads, with a line naming each degraded section. */
  @SuppressWarnings("unchecked")
  public static String formatContext(Map<String, Object> bundle) {
    Map<String, Object> sections = (Map<String, Object>) bundle.getOrDefault("sections", Map.of());
    StringBuilder b = new StringBuilder();
    sections.keySet().stream().sorted().forEach(k -> b.append("## ").append(k).append('\n').append(sections.get(k)).append('\n'));
    for (String missing : (List<String>) bundle.getOrDefault("missing", List.of())) {
      b.append("## DEGRADED: ").append(missing).append(" is unavailable; ask the patient about it\n");
    }
    return b.toString();
  }

  @SuppressWarnings("unchecked")
  public static String respond(State s) {
    Map<String, Object> bundle = s.get(TurnState.BUNDLE);
    Map<String, Object> sections = (Map<String, Object>) bundle.getOrDefault("sections", Map.of());
    Map<String, Object> fit = (Map<String, Object>) sections.getOrDefault("therapeutic_fit", Map.of());
    List<Map<String, Object>> candidates = (List<Map<String, Object>>) fit.getOrDefault("candidates", List.of());
    StringBuilder b = new StringBuilder(String.valueOf(s.get(TurnState.EMPATHY)));
    boolean physical = PhysicalSymptoms.mentioned(s.get(TurnState.TURN_MESSAGE));
    if (physical) {
      b.append(' ').append(PhysicalSymptoms.POINTER);
    }
    if (!candidates.isEmpty() && ((Number) candidates.get(0).get("score")).longValue() > 0) {
      b.append(" Based on what you've shared, ").append(candidates.get(0).get("provider_id"))
          .append(" looks like a strong fit.");
    } else if (!physical) {
      b.append(" Could you tell me a bit more about what you'd like support with?");
    }
    if (((List<String>) bundle.getOrDefault("missing", List.of())).contains("session_narrative")) {
      b.append(" I couldn't load your past sessions right now — have you seen anyone with us before?");
    }
    return b.toString();
  }
}
