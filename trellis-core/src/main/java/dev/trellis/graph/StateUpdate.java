package dev.trellis.graph;

import java.util.Map;

/** One update of {@code CompiledGraph.bulkUpdateState}: values written as if {@code asNode} returned them. */
public record StateUpdate(Map<String, ?> values, String asNode) {
  public StateUpdate {
    values = values == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }

  public static StateUpdate of(Map<String, ?> values, String asNode) {
    return new StateUpdate(values, asNode);
  }
}
