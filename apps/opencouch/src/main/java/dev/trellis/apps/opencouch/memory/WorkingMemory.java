package dev.trellis.apps.opencouch.memory;

import dev.trellis.checkpoint.store.Item;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Working-memory entries: plain maps in state ({@code {type, text, score, key, category}}),
 * formatted only where they are used — in a prompt, or in the chat's memory view.
 */
public final class WorkingMemory {
  private WorkingMemory() {
  }

  /** The entry for a retrieved item of {@code type} (semantic, episodic or procedural). */
  public static Map<String, Object> entry(String type, Item item) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type);
    m.put("text", item.value().get("text"));
    m.put("key", item.key());
    m.put("category", item.value().getOrDefault("category", type));
    m.put("score", item.score() == null ? 0.0 : Math.round(item.score() * 10000) / 10000.0);
    return m;
  }

  /** The entries of {@code type}. */
  public static List<Map<String, Object>> ofType(List<Map<String, Object>> entries, String type) {
    return entries.stream().filter(e -> type.equals(e.get("type"))).toList();
  }

  /** The prompt block: one section per type that has entries, empty when none. */
  public static String forPrompt(List<Map<String, Object>> entries) {
    StringBuilder b = new StringBuilder();
    section(b, "What you know about the user", ofType(entries, "semantic"));
    section(b, "Earlier sessions", ofType(entries, "episodic"));
    section(b, "How the user wants you to respond (follow these)", ofType(entries, "procedural"));
    return b.toString().strip();
  }

  private static void section(StringBuilder b, String title, List<Map<String, Object>> entries) {
    if (!entries.isEmpty()) {
      b.append(title).append(":\n").append(entries.stream().map(e -> "- " + e.get("text"))
          .collect(Collectors.joining("\n"))).append("\n\n");
    }
  }
}
