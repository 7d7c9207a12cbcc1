package dev.trellis.apps.opencouch.chat;

import java.util.Map;

/** What the terminal chat shows while a node runs (nodes without a label run silently). */
final class StageLabels {
  static final Map<String, String> LABELS = Map.ofEntries(
      Map.entry("crisis_gate", "checking in on safety"),
      Map.entry("crisis_response", "responding with care"),
      Map.entry("safety_reply", "responding with care"),
      Map.entry("crisis_log", "recording for your safety"),
      Map.entry("load_memory", "remembering"),
      Map.entry("dispatcher", "choosing how to respond"),
      Map.entry("supportive", "listening"),
      Map.entry("reflective", "reflecting"),
      Map.entry("clarifying", "asking to understand"),
      Map.entry("psychoeducation", "explaining"),
      Map.entry("guided_exercise", "guiding an exercise"),
      Map.entry("closing", "wrapping up"),
      Map.entry("extract_semantic_facts", "noting what matters"),
      Map.entry("extract_procedural_rules", "noting your preferences"),
      Map.entry("commit_session_memory", "keeping what you chose to share"),
      Map.entry("summarize_session", "summarising the session"));

  private StageLabels() {
  }

  static String of(String node) {
    return LABELS.get(node);
  }
}
