package dev.trellis.error;

/** A plain resume value was given while several interrupts are pending; resume them by id. */
public final class AmbiguousResumeException extends TrellisException {
  public AmbiguousResumeException(int pending) {
    super(ErrorCode.AMBIGUOUS_RESUME, pending + " interrupts are pending; resume with Command.resumeById(Map.of(id, value, ...))");
  }
}
