package dev.trellis.agent.budget;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;

/** A node would go past its {@link TokenBudget}; the run stops with its state saved. */
public final class BudgetExceededException extends TrellisException {
  private final String limit;

  public BudgetExceededException(String limit, String detail) {
    super(ErrorCode.BUDGET_EXCEEDED, "agent budget exhausted (" + limit + "): " + detail);
    this.limit = limit;
  }

  /** Which limit: model_calls, tokens or cost. */
  public String limit() {
    return limit;
  }
}
