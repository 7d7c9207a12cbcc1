package dev.trellis.agent.budget;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Locale;

/**
 * Limits on tokens and cost, per thread (kept in checkpointed state) and per run (untracked
 * state, reset by each run), for any node that calls a model: add {@link #keys()} to the
 * graph's schema, call {@link #check(State)} before a model call and return {@link #charge}
 * with the node's update after it. The agent's {@code BudgetMiddleware} does exactly that. A
 * node whose state already counts tokens and cost under its own names uses
 * {@link #check(long, double)} and {@link #cost} instead. A zero limit means none.
 * Immutable; the {@code with…} methods return copies.
 *
 * <p>Run totals are read, added to and written back, so one step may hold one charging node
 * (parallel model nodes in one step would both write the run keys).
 */
public record TokenBudget(long threadTokens, long runTokens, double threadCost, double runCost, Prices prices) {
  public static final Key<Long> THREAD_TOKENS = Key.adding("thread_tokens", Long.class);
  public static final Key<Double> THREAD_COST = Key.adding("thread_cost", Double.class);
  public static final Key<Long> RUN_TOKENS = Key.untracked("run_tokens", Long.class);
  public static final Key<Double> RUN_COST = Key.untracked("run_cost", Double.class);

  public TokenBudget {
    prices = prices == null ? Prices.NONE : prices;
  }

  /** No limits yet, no prices. */
  public static TokenBudget unlimited() {
    return new TokenBudget(0, 0, 0, 0, Prices.NONE);
  }

  public TokenBudget withThreadTokens(long max) {
    return new TokenBudget(max, runTokens, threadCost, runCost, prices);
  }

  public TokenBudget withRunTokens(long max) {
    return new TokenBudget(threadTokens, max, threadCost, runCost, prices);
  }

  public TokenBudget withThreadCost(double max) {
    return new TokenBudget(threadTokens, runTokens, max, runCost, prices);
  }

  public TokenBudget withRunCost(double max) {
    return new TokenBudget(threadTokens, runTokens, threadCost, max, prices);
  }

  public TokenBudget withPrices(Prices p) {
    return new TokenBudget(threadTokens, runTokens, threadCost, runCost, p);
  }

  /** The state keys the budget reads and writes. */
  public static List<Key<?>> keys() {
    return List.of(THREAD_TOKENS, THREAD_COST, RUN_TOKENS, RUN_COST);
  }

  /** The first limit {@code state} has reached, described ("thread tokens: 1200 of 1000 used"), or null. */
  public String exceeded(State state) {
    return exceeded(state.getOrDefault(THREAD_TOKENS, 0L), state.getOrDefault(RUN_TOKENS, 0L),
        state.getOrDefault(THREAD_COST, 0.0), state.getOrDefault(RUN_COST, 0.0));
  }

  /**
   * The first limit the given totals have reached, or null: for a node that keeps its own
   * counters (any state keys, or none) instead of {@link #keys()}. Thread limits are checked
   * against the thread totals, run limits against the run totals.
   */
  public String exceeded(long threadTokensUsed, long runTokensUsed, double threadCostSpent, double runCostSpent) {
    if (threadTokens > 0 && threadTokensUsed >= threadTokens) {
      return "thread tokens: " + threadTokensUsed + " of " + threadTokens + " used";
    }
    if (runTokens > 0 && runTokensUsed >= runTokens) {
      return "run tokens: " + runTokensUsed + " of " + runTokens + " used";
    }
    if (threadCost > 0 && threadCostSpent >= threadCost) {
      return String.format(Locale.ROOT, "thread cost: %.4f of %.4f spent", threadCostSpent, threadCost);
    }
    if (runCost > 0 && runCostSpent >= runCost) {
      return String.format(Locale.ROOT, "run cost: %.4f of %.4f spent", runCostSpent, runCost);
    }
    return null;
  }

  /**
   * Throws {@link BudgetExceededException} when the given run totals reach a run limit (or a
   * thread limit: the totals count for both) — the check before a model call in a node that
   * keeps its own counters.
   */
  public void check(long tokensUsed, double costSpent) {
    throwIfExceeded(exceeded(tokensUsed, tokensUsed, costSpent, costSpent));
  }

  /**
   * The check before sending a prompt of about {@code promptTokens} tokens to {@code model}, in a
   * node that keeps its own counters: throws {@link BudgetExceededException} when a limit is
   * already reached ({@link #check(long, double)}) or when the prompt alone — its tokens, or its
   * input cost at this budget's prices — would pass what is left of a limit, so one oversized
   * prompt is refused before it is paid for instead of overshooting the limit by its size.
   * Estimate the tokens with a counter such as {@code TokenCounter.APPROXIMATE}.
   */
  public void checkPrompt(long tokensUsed, double costSpent, String model, long promptTokens) {
    check(tokensUsed, costSpent);
    long tokenLimit = minLimit(threadTokens, runTokens);
    if (tokenLimit > 0 && tokensUsed + promptTokens > tokenLimit) {
      throwIfExceeded("prompt tokens: a prompt of about " + promptTokens + " tokens exceeds the " + (tokenLimit - tokensUsed)
          + " left of " + tokenLimit);
    }
    double costLimit = threadCost > 0 && runCost > 0 ? Math.min(threadCost, runCost) : Math.max(threadCost, runCost);
    double promptCost = prices.cost(model, new Message.Usage(promptTokens, 0));
    if (costLimit > 0 && costSpent + promptCost > costLimit) {
      throwIfExceeded(String.format(Locale.ROOT, "prompt cost: a prompt of about %d tokens costs %.4f, more than the "
          + "%.4f left of %.4f", promptTokens, promptCost, costLimit - costSpent, costLimit));
    }
  }

  private static long minLimit(long a, long b) {
    return a > 0 && b > 0 ? Math.min(a, b) : Math.max(a, b);
  }

  /** What {@code usage} on {@code model} cost at this budget's prices. */
  public double cost(String model, Message.Usage usage) {
    return prices.cost(model, usage);
  }

  /** Throws {@link BudgetExceededException} when a limit is reached. */
  public void check(State state) {
    throwIfExceeded(exceeded(state));
  }

  private static void throwIfExceeded(String e) {
    if (e != null) {
      throw new BudgetExceededException(e.substring(0, e.indexOf(':')).replace(' ', '_'), e);
    }
  }

  /** The update recording that {@code model} used {@code usage}. */
  public Update charge(State state, String model, Message.Usage usage) {
    double cost = prices.cost(model, usage);
    return Update.of(THREAD_TOKENS, usage.total()).and(THREAD_COST, cost)
        .and(RUN_TOKENS, state.getOrDefault(RUN_TOKENS, 0L) + usage.total())
        .and(RUN_COST, state.getOrDefault(RUN_COST, 0.0) + cost);
  }
}
