package dev.trellis.spec;

/** The seven types of an edge of a {@link TopologySpec} (an edge's {@code kind}); the wiring follows from the type. */
public enum EdgeType {
  /** START → first stage. */
  ENTRY,
  /** One stage after another. */
  SEQUENCE,
  /** Taken when the named condition's router returns this edge's {@code when} label. */
  CONDITIONAL,
  /** One of several stages started together. */
  PARALLEL_BRANCH,
  /** One input of a join: the target runs once after all its join inputs ran. */
  JOIN_INPUT,
  /** The last hop of a side path into a shared final stage. */
  TERMINAL_PATH,
  /** Last stage → END. */
  EXIT
}
