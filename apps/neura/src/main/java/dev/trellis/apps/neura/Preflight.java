package dev.trellis.apps.neura;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Preflight's offline classifier: rules that flag a turn the navigator must not answer —
 * a risk of self-harm or harm to others, or a prompt-injection attempt. Returns the reason
 * when the turn is hijacked.
 */
public final class Preflight {
  private static final List<String> RISK = List.of("kill myself", "suicide", "end my life", "hurt myself",
      "self-harm", "hurt someone", "overdose");
  private static final List<String> INJECTION = List.of("ignore previous instructions", "ignore all previous",
      "system prompt", "you are now", "developer mode");

  private Preflight() {
  }

  /** The reason the message is hijacked ({@code risk} or {@code injection}), empty when it is safe. */
  public static Optional<String> classify(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    if (RISK.stream().anyMatch(m::contains)) {
      return Optional.of("risk");
    }
    if (INJECTION.stream().anyMatch(m::contains)) {
      return Optional.of("injection");
    }
    return Optional.empty();
  }
}
