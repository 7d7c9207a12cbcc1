package dev.trellis.error;

import java.util.List;

/**
 * A run's input breaks the constraints its graph declares ({@link dev.trellis.graph.InputValidator}):
 * thrown before the run starts, so nothing was written. {@link #violations} names each field and
 * constraint.
 */
public final class InvalidInputException extends TrellisException {
  private final transient List<InputViolation> violations;

  public InvalidInputException(String graph, List<InputViolation> violations) {
    super(ErrorCode.INPUT_VIOLATION, "input of graph \"" + graph + "\" breaks its constraints: "
        + String.join("; ", violations.stream().map(InputViolation::toString).toList()));
    this.violations = List.copyOf(violations);
  }

  /** Each field and constraint the input broke, in the validator's order. */
  public List<InputViolation> violations() {
    return violations;
  }
}
