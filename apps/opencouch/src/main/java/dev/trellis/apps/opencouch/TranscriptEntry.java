package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code transcript}, the audit-grade record of a session: the turn, who spoke,
 * what, and for the assistant's entries the route ({@code crisis} or {@code therapeutic}) and
 * the therapeutic mode, when there was one. On the wire it is
 * {@code {turn, role, content, route, mode}} without the absent fields, as the map it replaced.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TranscriptEntry(int turn, String role, String content, String route, String mode) {
  public TranscriptEntry {
    Objects.requireNonNull(role, "role");
    content = content == null ? "" : content;
  }

  /** The user's entry of {@code turn}. */
  public static TranscriptEntry user(int turn, String content) {
    return new TranscriptEntry(turn, "user", content, null, null);
  }

  /** The assistant's entry of {@code turn}; {@code mode} may be null. */
  public static TranscriptEntry assistant(int turn, String content, String route, String mode) {
    return new TranscriptEntry(turn, "assistant", content, route, mode);
  }

  /** Entries as they may come out of state: records, or maps a checkpoint written before the record holds. */
  public static List<TranscriptEntry> all(List<?> entries) {
    return StoredMaps.all(entries, TranscriptEntry.class, TranscriptEntry::from);
  }

  private static TranscriptEntry from(Map<?, ?> m) {
    return new TranscriptEntry(StoredMaps.number(m, "turn", 0).intValue(), String.valueOf(m.get("role")),
        StoredMaps.string(m, "content"), StoredMaps.string(m, "route"), StoredMaps.string(m, "mode"));
  }
}
