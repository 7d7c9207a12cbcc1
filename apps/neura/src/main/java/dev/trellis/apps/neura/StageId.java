package dev.trellis.apps.neura;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.trellis.core.StateGraph;
import java.util.Arrays;
import java.util.List;

/** The stages of a Neura turn (seed 000's {@code StageId}), with the graph's START and END; {@link #id} is the node name. */
public enum StageId {
  START(StateGraph.START),
  PREFLIGHT("preflight"),
  SAFETY_INTERVENTION("safety_intervention"),
  ASSEMBLY_GATE("assembly_gate"),
  CONTEXT_ASSEMBLY("context_assembly"),
  EMPATHY("empathy"),
  CONTEXT_FORMAT("context_format"),
  NAVIGATOR("navigator"),
  FINALIZE("finalize"),
  END(StateGraph.END);

  private final String id;

  StageId(String id) {
    this.id = id;
  }

  /** The node name ({@code preflight}; {@code __start__} and {@code __end__} for START and END). */
  @JsonValue
  public String id() {
    return id;
  }

  /** The stages that are nodes (all but START and END), in declaration order. */
  public static List<StageId> stages() {
    return Arrays.stream(values()).filter(s -> s != START && s != END).toList();
  }
}
