package dev.trellis.pipeline;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link SkipStore} in process memory (one worker). */
public final class InMemorySkipStore implements SkipStore {
  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  @Override
  public Optional<Entry> get(String session, String tool) {
    return Optional.ofNullable(entries.get(session + "\u0000" + tool));
  }

  @Override
  public void put(String session, String tool, Entry entry) {
    entries.put(session + "\u0000" + tool, entry);
  }
}
