package dev.trellis.server.api;

import dev.trellis.core.CompiledGraph;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code input} as the HTTP edge passes it on: only the keys the graph takes as input
 * (its input keys, all state keys by default). LangGraph's servers silently drop the others
 * (UIs send keys such as {@code context} next to {@code messages}); Trellis drops them too and
 * names them in the run's metadata under {@link #METADATA_KEY} and in the request log. The Java
 * API stays strict: {@code graph.invoke} with an unknown key still fails with {@code UNKNOWN_KEY}.
 */
final class InputFilter {
  /** The run metadata key listing the dropped input keys (absent when none were dropped). */
  static final String METADATA_KEY = "dropped_input_keys";
  /** The request attribute the request log reads the dropped keys from. */
  static final String LOG_ATTRIBUTE = "trellis.dropped_input_keys";

  private InputFilter() {}

  /** The keys of {@code input} (a map, or null) that {@code graph} does not take as input, in input order. */
  static List<String> dropped(CompiledGraph graph, Object input) {
    List<String> out = new ArrayList<>();
    if (input instanceof Map<?, ?> m) {
      List<String> accepted = graph.inputKeys();
      for (Object k : m.keySet()) {
        if (!accepted.contains(String.valueOf(k))) {
          out.add(String.valueOf(k));
        }
      }
    }
    return out;
  }

  /** {@code input} without {@code dropped}. */
  static Map<String, Object> without(Map<?, ?> input, List<String> dropped) {
    Map<String, Object> out = new LinkedHashMap<>();
    input.forEach((k, v) -> {
      if (!dropped.contains(String.valueOf(k))) {
        out.put(String.valueOf(k), v);
      }
    });
    return out;
  }
}
