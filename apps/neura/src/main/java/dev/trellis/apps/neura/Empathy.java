package dev.trellis.apps.neura;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The empathy branch's offline fallback: a short acknowledgement that fits the message — its concern reflected in
 * its own terms ("I'm sorry you're going through the end of your relationship and sleepless nights"), a physical
 * complaint met as one, and nothing where there is nothing to acknowledge (a greeting, a booking, a question), so the
 * navigator's answer comes first.
 */
public final class Empathy {
  private Empathy() {
  }

  public static String acknowledge(String message) {
    String m = Lexicon.normalize(message);
    Reading r = Reader.read(message, List.of(), List.of());
    return switch (r.intent()) {
      case "concern" -> r.themes().isEmpty() ? (m.matches(".*\\b(need help|help me|reach(ed|ing)? out)\\b.*")
          ? "I'm glad you reached out." : "That sounds really hard.") : reflect(m, r.themes());
      case "physical" -> r.topic().equals("symptom") ? "I'm sorry you're feeling unwell." : "";
      default -> "";
    };
  }

  /** "I'm sorry you're going through {what}" in the message's terms, grief first as a loss. */
  static String reflect(String m, List<String> themes) {
    List<String> phrases = new ArrayList<>();
    String loss = null;
    for (String theme : themes.subList(0, Math.min(3, themes.size()))) {
      for (String[] cue : Lexicon.REFLECTIONS.getOrDefault(theme, List.of())) {
        if (Pattern.compile(cue[0]).matcher(m).find()) {
          if (theme.equals("grief")) {
            loss = cue[1];
          } else {
            phrases.add(cue[1]);
          }
          break;
        }
      }
    }
    if (loss != null) {
      return "I'm so sorry about " + loss + (phrases.isEmpty() ? "." : ", and with " + join(phrases) + " on top of it.");
    }
    return "I'm sorry you're going through " + join(phrases) + " — that's a lot to carry.";
  }

  static String join(List<String> parts) {
    return parts.size() <= 1 ? String.join("", parts)
        : String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.getLast();
  }
}
