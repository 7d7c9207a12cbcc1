package dev.trellis.apps.rrc;

import java.util.Map;

/**
 * What a tool returns, declaratively: its output (shown to the model as the tool message), the
 * state updates the tool loop applies (state-aware tools: resolve counters, recent entities...),
 * and the working-memory updates (extracted entities) the loop saves for later turns.
 */
public record ToolResult(Map<String, Object> output, Map<String, Object> stateUpdates, Map<String, Object> workingMemory) {
  public ToolResult {
    output = copy(output);
    stateUpdates = copy(stateUpdates);
    workingMemory = copy(workingMemory);
  }

  /** A read-only copy keeping order and null values (a spacing with no other well on the lease has nulls). */
  private static Map<String, Object> copy(Map<String, Object> m) {
    return m == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m));
  }

  public static ToolResult of(Map<String, Object> output) {
    return new ToolResult(output, Map.of(), Map.of());
  }
}
