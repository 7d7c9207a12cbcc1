package dev.trellis.apps.neura;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.trellis.graph.State;

/**
 * When a conditional edge of the turn is taken (seed 000's {@code EdgeCondition}): preflight's
 * router reads {@code safety_hijacked} and returns the condition that holds, whose edge is taken.
 */
public enum EdgeCondition {
  SAFETY_HIJACKED("safety_hijacked"),
  NOT_SAFETY_HIJACKED("not_safety_hijacked");

  /** The name of the router these conditions share (shown in manifests and drawings). */
  public static final String ROUTER = "safety";

  private final String value;

  EdgeCondition(String value) {
    this.value = value;
  }

  /** The condition's name, which is also the label the router returns. */
  @JsonValue
  public String value() {
    return value;
  }

  /** The condition that holds in {@code s}. */
  public static EdgeCondition of(State s) {
    return Boolean.TRUE.equals(s.get(TurnState.SAFETY_HIJACKED)) ? SAFETY_HIJACKED : NOT_SAFETY_HIJACKED;
  }
}
