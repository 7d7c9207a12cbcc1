package dev.trellis.agent.react;

/**
 * Limits on one agent thread (seed 001): model calls, tokens, and cost (tokens priced per
 * thousand). A zero or negative limit means none. Checked before every model call.
 */
public record Budget(int maxModelCalls, long maxTokens, double maxCost, double costPerThousandTokens) {
  public static final Budget NONE = new Budget(0, 0, 0, 0);

  public static Budget modelCalls(int n) {
    return new Budget(n, 0, 0, 0);
  }

  public static Budget tokens(long n) {
    return new Budget(0, n, 0, 0);
  }

  public Budget withCost(double max, double perThousandTokens) {
    return new Budget(maxModelCalls, maxTokens, max, perThousandTokens);
  }
}
