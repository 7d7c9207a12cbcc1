package dev.trellis.apps.rrc;

import dev.trellis.agent.budget.TokenBudget;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.budget.BudgetExceededException;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import io.opentelemetry.api.trace.Span;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code initial_llm_call} and {@code synthesis_llm_call}: checks the execution's budget before
 * the call (a breach ends the execution {@code failed}, everything before it saved), assembles
 * the visible tools, sends the whole history with a cache breakpoint after the base prompt,
 * streams the answer's tokens, and charges its usage (tokens, and cost at the model's price).
 * The synthesis call is skipped when no skill was injected.
 */
final class LlmCall {
  private final RrcDeps deps;
  private final String phase;

  LlmCall(RrcDeps deps, String phase) {
    this.deps = deps;
    this.phase = phase;
  }

  Update apply(State s, Runtime rt) {
    String node = phase.equals(GraphState.SYNTHESIS) ? Routing.SYNTHESIS_LLM_CALL : Routing.INITIAL_LLM_CALL;
    Update u = Update.of(GraphState.LLM_PHASE, phase).and(GraphState.CURRENT_NODE, node)
        .and(GraphState.PENDING_TOOL_CALLS, List.of());
    if (phase.equals(GraphState.SYNTHESIS)) {
      List<String> injected = s.get(GraphState.INJECTED_SKILL_IDS);
      if (injected == null || injected.isEmpty()) {
        return u;
      }
    }
    int used = Turn.integer(s, "tokens_used", 0);
    double spent = Turn.decimal(s, "cost_usd", 0.0);
    TokenBudget budget = TokenBudget.unlimited().withRunTokens(Turn.integer(s, "max_tokens", 100_000))
        .withRunCost(Turn.decimal(s, "max_cost_usd", 5.0)).withPrices(deps.agents().prices());
    try {
      budget.check(used, spent);
    } catch (BudgetExceededException e) {
      return u.and(GraphState.STATUS, GraphState.FAILED).and(GraphState.ERROR, e.getMessage());
    }
    VisibleTools tools = VisibleTools.of(s, deps);
    deps.tracing().record("tools.assemble", Map.of("core_capability_count", (long) tools.coreCount(),
        "skill_exposed_tool_count", (long) tools.skillExposedCount(), "total_tools_visible", (long) tools.specs().size(),
        "skills_loaded", String.join(",", tools.skills())));
    List<Map<String, Object>> messages = Turn.messages(s);
    ChatRequest request = new ChatRequest(Msgs.toAgent(messages), tools.specs());
    if (!messages.isEmpty() && "system".equals(Msgs.role(messages.getFirst()))) {
      request = request.withCacheBreakpoint(0);
    }
    String model = deps.model().name();
    Span span = deps.tracing().start("llm.call");
    Message.Ai ai;
    try {
      ai = deps.model().stream(request, rt.messages()::write);
    } catch (Exception e) {
      span.recordException(e);
      span.end();
      return u.and(GraphState.STATUS, GraphState.FAILED).and(GraphState.ERROR, "model call failed: " + e.getMessage());
    }
    double cost = budget.cost(model, ai.usage());
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("llm_phase", phase);
    attrs.put("gen_ai.request.model", model);
    attrs.put("gen_ai.usage.input_tokens", ai.usage().inputTokens());
    attrs.put("gen_ai.usage.output_tokens", ai.usage().outputTokens());
    attrs.put("cost_usd", cost);
    attrs.put("tool_call_count", (long) ai.toolCalls().size());
    Tracing.set(span, attrs);
    span.end();
    Map<String, Object> answer = Msgs.fromAgent(ai);
    return u.and(GraphState.MESSAGES, Msgs.plus(messages, answer))
        .and(GraphState.PENDING_TOOL_CALLS, Msgs.toolCalls(answer))
        .and(GraphState.TOKENS_USED, used + (int) ai.usage().total())
        .and(GraphState.COST_USD, spent + cost);
  }
}
