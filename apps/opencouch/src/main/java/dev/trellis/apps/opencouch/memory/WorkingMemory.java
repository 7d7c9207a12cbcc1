package dev.trellis.apps.opencouch.memory;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Working memory ({@link MemoryEntry} records in state), formatted only where it is used — in a
 * prompt, or in the chat's memory view.
 */
public final class WorkingMemory {
  private WorkingMemory() {
  }

  /** The entries of {@code type}. */
  public static List<MemoryEntry> ofType(List<MemoryEntry> entries, String type) {
    return entries.stream().filter(e -> type.equals(e.type())).toList();
  }

  /** The prompt block: one section per type that has entries, empty when none. */
  public static String forPrompt(List<MemoryEntry> entries) {
    StringBuilder b = new StringBuilder();
    section(b, "What you know about the user", ofType(entries, "semantic"));
    section(b, "Earlier sessions", ofType(entries, "episodic"));
    section(b, "How the user wants you to respond (follow these)", ofType(entries, "procedural"));
    return b.toString().strip();
  }

  private static void section(StringBuilder b, String title, List<MemoryEntry> entries) {
    if (!entries.isEmpty()) {
      b.append(title).append(":\n").append(entries.stream().map(e -> "- " + e.text())
          .collect(Collectors.joining("\n"))).append("\n\n");
    }
  }
}
