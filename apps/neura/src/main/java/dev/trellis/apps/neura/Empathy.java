package dev.trellis.apps.neura;

import java.util.Locale;

/** The empathy branch's offline fallback: a short acknowledgement matched to the message's tone. */
public final class Empathy {
  private Empathy() {
  }

  public static String acknowledge(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    if (m.contains("anxious") || m.contains("anxiety") || m.contains("worried") || m.contains("panic")) {
      return "That sounds really stressful.";
    }
    if (m.contains("sad") || m.contains("grief") || m.contains("lost") || m.contains("depress")) {
      return "I'm sorry you're carrying this.";
    }
    if (m.contains("sleep") || m.contains("insomnia") || m.contains("tired")) {
      return "Poor sleep wears everything down.";
    }
    return "Thanks for sharing that.";
  }
}
