package dev.trellis.apps.opencouch;

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
    return StoredMaps.all(entries, HistoryEntry.class, HistoryEntry::from);
  }

  private static HistoryEntry from(Map<?, ?> m) {
    return new HistoryEntry(String.valueOf(m.get("role")), StoredMaps.string(m, "content"));
  }
}
