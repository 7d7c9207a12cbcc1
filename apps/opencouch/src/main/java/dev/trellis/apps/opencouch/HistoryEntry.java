package dev.trellis.apps.opencouch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code history}, the conversation the prompts see: who spoke ({@code user} or
 * {@code assistant}) and what. Checkpoints keep it as a record; on the wire it is
 * {@code {role, content}}, as the map it replaced.
 */
public record HistoryEntry(String role, String content) {
  public HistoryEntry {
    Objects.requireNonNull(role, "role");
    content = content == null ? "" : content;
  }

  /** Entries as they may come out of state: records, or {@code {role, content}} maps a checkpoint written before the record holds. */
  public static List<HistoryEntry> all(List<?> entries) {
    List<HistoryEntry> out = new ArrayList<>(entries == null ? 0 : entries.size());
    if (entries != null) {
      for (Object e : entries) {
        out.add(e instanceof HistoryEntry h ? h : from((Map<?, ?>) e));
      }
    }
    return out;
  }

  private static HistoryEntry from(Map<?, ?> m) {
    return new HistoryEntry(String.valueOf(m.get("role")), m.get("content") == null ? null : String.valueOf(m.get("content")));
  }
}
