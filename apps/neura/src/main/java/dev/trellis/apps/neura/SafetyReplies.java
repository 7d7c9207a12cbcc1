package dev.trellis.apps.neura;

/** What {@code safety_intervention} answers, by the reason preflight hijacked the turn. */
final class SafetyReplies {
  private SafetyReplies() {
  }

  static String of(String reason) {
    return switch (reason == null ? "" : reason) {
      case "risk" -> "I'm really glad you told me. You deserve support right now: if you are in danger, call or text 988 "
          + "(Suicide & Crisis Lifeline) or your local emergency number. A care coordinator has been notified.";
      case "third_party" -> "It sounds like you're worried about someone. If they may be in danger, call or text 988 "
          + "(Suicide & Crisis Lifeline) or your local emergency number, and stay with them if you can.";
      case "unsure" -> "I want to make sure you're safe. Are you having thoughts of ending your life or harming "
          + "yourself? If you are, or you're in danger, call or text 988 (Suicide & Crisis Lifeline) or your local "
          + "emergency number. If not, tell me what you'd like support with and I'll help you find care.";
      case "check_in" -> "I want to make sure you're safe. If you're thinking about harming yourself, call or text 988 "
          + "(Suicide & Crisis Lifeline) or your local emergency number. I can help best in English: could you tell me "
          + "what you'd like support with?";
      default -> "I can only help with finding and booking care. What would you like help with today?";
    };
  }
}
