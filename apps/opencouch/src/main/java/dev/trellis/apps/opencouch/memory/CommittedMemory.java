package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.StoredMaps;
import java.util.List;

/**
 * A memory held during a session and kept when it ended ({@link SessionEnd#COMMITTED}): its kind
 * ({@code semantic}, {@code procedural}, ...) and text. On the wire it is {@code {kind, text}},
 * as the map it replaced.
 */
public record CommittedMemory(String kind, String text) {

  /** Entries as they may come out of state: records, or maps of an older checkpoint or a client. */
  public static List<CommittedMemory> all(List<?> entries) {
    return StoredMaps.all(entries, CommittedMemory.class,
        m -> new CommittedMemory(StoredMaps.string(m, "kind"), StoredMaps.string(m, "text")));
  }
}
