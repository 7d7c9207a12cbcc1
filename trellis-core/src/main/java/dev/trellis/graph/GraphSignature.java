package dev.trellis.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a compiled graph takes and gives, for describing it to clients (JSON Schemas, MCP tool
 * input schemas): its state keys with their declared value classes, which of them are input and
 * output, its declared run-context type, and the same for each subgraph node. The engine never
 * reads it. Immutable.
 *
 * @param stateTypes state key name → declared value class, in schema order
 * @param inputKeys the keys a run's input may set, in schema order
 * @param outputKeys the keys outputs show, in schema order
 * @param contextType the declared run-context type ({@code StateGraph.contextType}), or null
 * @param subgraphs subgraph node name → that subgraph's signature, in node order
 * @param inputValidator the constraints on a run's input ({@code StateGraph.inputValidator}), or null
 */
public record GraphSignature(String name, Map<String, Class<?>> stateTypes, List<String> inputKeys,
                             List<String> outputKeys, Class<?> contextType, Map<String, GraphSignature> subgraphs,
                             InputValidator inputValidator) {
  public GraphSignature {
    stateTypes = Collections.unmodifiableMap(new LinkedHashMap<>(stateTypes));
    inputKeys = List.copyOf(inputKeys);
    outputKeys = List.copyOf(outputKeys);
    subgraphs = Collections.unmodifiableMap(new LinkedHashMap<>(subgraphs));
  }

  /** State key names in schema order. */
  public List<String> stateKeys() {
    return List.copyOf(stateTypes.keySet());
  }
}
