package dev.trellis.error;

/** The run used up its recursion limit (supersteps) while tasks were still pending. */
public final class GraphRecursionException extends TrellisException {
  private final int limit;

  public GraphRecursionException(int limit) {
    super(ErrorCode.RECURSION_LIMIT, "recursion limit of " + limit + " steps reached without hitting a stop condition; "
        + "raise it with RunConfig.withRecursionLimit(...) or add an exit to the loop");
    this.limit = limit;
  }

  public int limit() {
    return limit;
  }
}
