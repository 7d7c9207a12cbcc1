package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.StoredMaps;
import dev.trellis.checkpoint.store.Item;
import java.util.List;
import java.util.Map;

/**
 * One entry of the turn's working memory ({@code working_memory}): its type ({@code semantic},
 * {@code episodic} or {@code procedural}), the remembered text, the store key it came from, its
 * category and its retrieval score (four decimals). Formatted only where it is used
 * ({@link WorkingMemory}). On the wire it is {@code {type, text, key, category, score}}, as the
 * map it replaced.
 */
public record MemoryEntry(String type, String text, String key, String category, double score) {

  /** The entry for a retrieved item of {@code type}. */
  public static MemoryEntry of(String type, Item item) {
    Object category = item.value().getOrDefault("category", type);
    return new MemoryEntry(type, StoredMaps.string(item.value(), "text"), item.key(),
        category == null ? null : String.valueOf(category),
        item.score() == null ? 0.0 : Math.round(item.score() * 10000) / 10000.0);
  }

  /** Entries as they may come out of state: records, or maps of an older checkpoint or a client. */
  public static List<MemoryEntry> all(List<?> entries) {
    return StoredMaps.all(entries, MemoryEntry.class, MemoryEntry::from);
  }

  private static MemoryEntry from(Map<?, ?> m) {
    return new MemoryEntry(StoredMaps.string(m, "type"), StoredMaps.string(m, "text"), StoredMaps.string(m, "key"),
        StoredMaps.string(m, "category"), StoredMaps.number(m, "score", 0.0).doubleValue());
  }
}
