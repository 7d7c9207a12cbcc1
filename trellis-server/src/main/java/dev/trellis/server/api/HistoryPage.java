package dev.trellis.server.api;

import dev.trellis.graph.StateSnapshot;
import dev.trellis.server.wire.Wire;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code /threads/{id}/history} page in API shape. By default each state carries its values
 * in full (LangGraph's shape, what {@code getHistory} of the SDKs reads). With
 * {@code unchanged_values: "reference"} a state leaves out of {@code values} each key whose
 * value equals the one of the next-newer state of the page, and names, in
 * {@code unchanged_values}, the checkpoint of the page that carries it ({@code {key: checkpoint_id}}):
 * a page of twenty checkpoints of a thread holding a large value no node changes sends it once.
 */
final class HistoryPage {
  /** The request field (and query parameter) and its values. */
  static final String FIELD = "unchanged_values";
  static final String FULL = "full";
  static final String REFERENCE = "reference";

  private HistoryPage() {}

  static List<Map<String, Object>> of(List<StateSnapshot> snaps, boolean reference) {
    List<Map<String, Object>> out = new ArrayList<>(snaps.size());
    Map<String, Object> newer = null;
    Map<String, String> holder = new HashMap<>(); // key → the checkpoint of the page that carries its value
    for (StateSnapshot snap : snaps) {
      if (!reference) {
        out.add(Wire.state(snap, snap.createdAt()));
        continue;
      }
      String id = snap.config() == null ? null : snap.config().checkpointId();
      Map<String, Object> shown = new LinkedHashMap<>();
      Map<String, Object> unchanged = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : snap.values().entrySet()) {
        String key = e.getKey();
        if (newer != null && newer.containsKey(key) && holder.containsKey(key) && Objects.equals(newer.get(key), e.getValue())) {
          unchanged.put(key, holder.get(key));
        } else {
          shown.put(key, e.getValue());
          holder.put(key, id);
        }
      }
      holder.keySet().retainAll(snap.values().keySet());
      newer = snap.values();
      Map<String, Object> state = Wire.state(new StateSnapshot(shown, snap.next(), snap.tasks(), snap.interrupts(),
          snap.config(), snap.metadata(), snap.parentConfig(), snap.createdAt()), snap.createdAt());
      state.put(FIELD, unchanged);
      out.add(state);
    }
    return out;
  }
}
