package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.StoredMaps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A memory held during a session and kept when it ended ({@link SessionEnd#COMMITTED}): its kind
 * ({@code semantic}, {@code procedural}, ...) and text. On the wire it is {@code {kind, text}},
 * as the map it replaced.
 */
public record CommittedMemory(String kind, String text) {

  /** Entries as they may come out of state: records, or maps of an older checkpoint or a client. */
  public static List<CommittedMemory> all(List<?> entries) {
    List<CommittedMemory> out = new ArrayList<>(entries == null ? 0 : entries.size());
    if (entries != null) {
      for (Object e : entries) {
        out.add(e instanceof CommittedMemory c ? c
            : new CommittedMemory(StoredMaps.string((Map<?, ?>) e, "kind"), StoredMaps.string((Map<?, ?>) e, "text")));
      }
    }
    return out;
  }
}
