package dev.trellis.pipeline;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Store;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Skip state kept in a long-term {@link Store} (in memory, SQLite or PostgreSQL), so every
 * worker sharing the store shares the skips: namespace {@code ["tool_pipeline", session]},
 * key = tool name, value = {@code {hash, completeness, output, recorded_at}}.
 */
public final class StoreSkipStore implements SkipStore {
  private final Store store;

  public StoreSkipStore(Store store) {
    this.store = store;
  }

  @Override
  public Optional<Entry> get(String session, String tool) {
    Item i = store.get(List.of("tool_pipeline", session), tool);
    if (i == null) {
      return Optional.empty();
    }
    return Optional.of(new Entry((String) i.value().get("hash"), ((Number) i.value().get("completeness")).doubleValue(),
        i.value().get("output"), i.value().get("recorded_at") instanceof Number n ? n.longValue() : 0L));
  }

  @Override
  public void put(String session, String tool, Entry entry) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("hash", entry.inputHash());
    v.put("completeness", entry.completeness());
    v.put("output", entry.output());
    v.put("recorded_at", entry.recordedAtMillis());
    store.put(List.of("tool_pipeline", session), tool, v);
  }
}
