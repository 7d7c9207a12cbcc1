package dev.trellis.agent.middleware;

import dev.trellis.agent.budget.TokenBudget;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;

/**
 * Keeps an agent within a {@link TokenBudget}: every model response is charged (tokens, and
 * cost at the price of the model that answered: list this after {@link ModelFallback} so it
 * sees the fallback), and before a model call past a limit the run ends with an AI message
 * ({@link ExitBehavior#END}) or throws {@code BudgetExceededException} ({@code ERROR}, the
 * default).
 */
public final class BudgetMiddleware implements AgentMiddleware {
  private final TokenBudget budget;
  private final ExitBehavior exit;

  public BudgetMiddleware(TokenBudget budget, ExitBehavior exit) {
    if (exit == ExitBehavior.CONTINUE) {
      throw new IllegalArgumentException("a budget can END or ERROR, not CONTINUE");
    }
    this.budget = budget;
    this.exit = exit;
  }

  public BudgetMiddleware(TokenBudget budget) {
    this(budget, ExitBehavior.ERROR);
  }

  @Override
  public String name() {
    return "BudgetMiddleware";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return TokenBudget.keys();
  }

  @Override
  public Update beforeModel(State state, Runtime rt) {
    if (exit == ExitBehavior.ERROR) {
      budget.check(state);
      return null;
    }
    String over = budget.exceeded(state);
    return over == null ? null
        : AgentMiddleware.jumpTo("end").and(Messages.KEY, List.of(Message.ai("Budget exhausted: " + over)));
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    ModelResponse r = next.call(request);
    Message.Ai ai = r.ai();
    return ai == null ? r : r.withUpdate(budget.charge(request.state(), request.model().name(), ai.usage()));
  }
}
