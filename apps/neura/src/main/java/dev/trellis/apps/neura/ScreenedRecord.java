package dev.trellis.apps.neura;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Store;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The content hashes of the patient messages preflight screened in one session, kept in the
 * server's {@link Store} (namespace {@code ["neura", "screened", session]}), so that every thread
 * of the session — a stateless client opens one per turn — knows what was screened. Without a
 * store or a session id it records nothing (the thread's own {@code screened_messages} still do).
 */
final class ScreenedRecord {
  private static final String KEY = "hashes";
  private final Store store;
  private final List<String> namespace;

  private ScreenedRecord(Store store, String session) {
    this.store = store;
    this.namespace = session == null ? null : List.of("neura", "screened", session);
  }

  static ScreenedRecord of(Store store, String session) {
    return new ScreenedRecord(store, session == null || session.isBlank() ? null : session);
  }

  /** The hashes recorded for the session, oldest first (empty without a store or session). */
  List<String> read() {
    if (store == null || namespace == null) {
      return List.of();
    }
    Item item = store.get(namespace, KEY);
    return item != null && item.value().get(KEY) instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
  }

  /**
   * Adds {@code hashes} to the session's record, keeping the newest {@code kept}. It reads the record again first, so
   * hashes another thread of the session added since this turn's {@link #read} are kept.
   */
  void add(List<String> hashes, int kept) {
    if (store == null || namespace == null) {
      return;
    }
    Set<String> all = new LinkedHashSet<>(read());
    all.addAll(hashes);
    List<String> list = new ArrayList<>(all);
    store.put(namespace, KEY, Map.of(KEY, List.copyOf(list.subList(Math.max(0, list.size() - kept), list.size()))));
  }
}
