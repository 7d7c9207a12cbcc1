package dev.trellis.verify;

import dev.trellis.draw.GraphView;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;
import java.util.List;
import java.util.stream.Collectors;

/** The outcome of verifying a graph: the violations found (none when every check holds). */
public record Verification(List<Violation> violations) {
  public Verification {
    violations = List.copyOf(violations);
  }

  /** Proves or refutes each of {@code checks} over every path of the graph {@code view} shows. */
  public static Verification of(GraphView view, List<Check> checks) {
    return Verifier.verify(view, checks);
  }

  public boolean holds() {
    return violations.isEmpty();
  }

  /**
   * Returns this when every check holds.
   *
   * @throws TrellisException {@code VERIFY_FAILED}, listing every violation
   */
  public Verification orThrow() {
    if (!holds()) {
      throw new TrellisException(ErrorCode.VERIFY_FAILED, violations.stream().map(Violation::message)
          .collect(Collectors.joining("; ")));
    }
    return this;
  }
}
