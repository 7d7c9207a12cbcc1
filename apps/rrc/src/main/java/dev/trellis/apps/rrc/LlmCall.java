package dev.trellis.apps.rrc;

import dev.trellis.agent.budget.TokenBudget;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.middleware.TokenCounter;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.budget.BudgetExceededException;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import io.opentelemetry.api.trace.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code initial_llm_call} and {@code synthesis_llm_call}: assembles the visible tools, checks the
 * execution's budget before the call — a limit reached, or a prompt whose estimated size alone
 * would pass what is left, ends the execution {@code failed} with everything before it saved —
 * sends the whole history to the state's {@code model} with a cache breakpoint after the base
 * prompt, streams the answer's tokens, and charges its usage (tokens, and cost at that model's
 * price) to the execution ({@code tokens_used}, {@code cost_usd}) and to the conversation's
 * totals ({@code TokenBudget.THREAD_TOKENS}, {@code THREAD_COST}).
 * A {@code SKILL_SELECT:{id}} in the answer is taken out of the message and its stream
 * ({@link SkillMarkers}) and added to {@code selected_skill_ids} for skill_select_node; an answer
 * that was only markers adds no message. The synthesis call is skipped when it has nothing to
 * work from: no skill was ever injected, or nothing (a skill's context, a reviewer's verdict)
 * came after the initial answer, which stays the turn's answer.
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
    if (s.get(GraphState.ERROR) != null) {
      return u;   // the execution already failed (a refused message): nothing is sent
    }
    if (phase.equals(GraphState.SYNTHESIS)) {
      List<String> injected = s.get(GraphState.INJECTED_SKILL_IDS);
      List<Message> history = Turn.messages(s);
      boolean answered = !history.isEmpty() && history.getLast() instanceof Message.Ai last && last.toolCalls().isEmpty();
      if (injected == null || injected.isEmpty() || answered) {
        return u;
      }
    }
    int used = Turn.integer(s, "tokens_used", 0);
    double spent = Turn.decimal(s, "cost_usd", 0.0);
    String model = s.get(GraphState.MODEL) != null ? s.get(GraphState.MODEL) : deps.model().name();
    TokenBudget budget = TokenBudget.unlimited().withRunTokens(Turn.integer(s, "max_tokens", 100_000))
        .withRunCost(Turn.decimal(s, "max_cost_usd", 5.0)).withPrices(deps.agents().prices());
    VisibleTools tools = VisibleTools.of(s, deps);
    List<Message> prompt = Turn.messages(s);
    try {
      budget.checkPrompt(used, spent, model, TokenCounter.APPROXIMATE.count(prompt) + Msgs.json(tools.specs()).length() / 4);
    } catch (BudgetExceededException e) {
      return u.and(GraphState.STATUS, GraphState.FAILED).and(GraphState.ERROR, e.getMessage());
    }
    deps.tracing().record("tools.assemble", Map.of("core_capability_count", (long) tools.coreCount(),
        "skill_exposed_tool_count", (long) tools.skillExposedCount(), "total_tools_visible", (long) tools.specs().size(),
        "skills_loaded", String.join(",", tools.skills())));
    Map<String, Object> settings = new LinkedHashMap<>(Map.of(ChatRequest.MODEL, model));
    if (!prompt.isEmpty() && prompt.getFirst() instanceof Message.System) {
      settings.put(ChatRequest.CACHE_BREAKPOINT, 0);   // the base prompt is the cacheable prefix
    }
    // one message on the messages stream: its tokens and the stored answer share the stream's id, so a client (the
    // terminal chat, a chat UI) folding both shows the answer once — it was shown twice, the stored one under its own id
    MessageStream stream = rt.messages();
    Message.Ai ai;
    try {
      // trellis-otel's GenAI instrumentation: a "chat <model>" span with the model and token usage
      ai = deps.tracing().genAi().wrapModelCall(new ModelRequest(deps.model(), null, prompt, tools.specs(), null, settings, s, rt),
          r -> {
            SkillMarkers.Hiding tokens = new SkillMarkers.Hiding(stream::write);
            Message.Ai answer = r.model().stream(r.toChatRequest(), tokens);
            tokens.flush();
            Tracing.set(Span.current(), Map.of("llm_phase", phase, "cost_usd", budget.cost(model, answer.usage()),
                "tool_call_count", (long) answer.toolCalls().size()));
            return ModelResponse.of(answer);
          }).ai();
    } catch (Exception e) {
      return u.and(GraphState.STATUS, GraphState.FAILED).and(GraphState.ERROR, "model call failed: " + e.getMessage());
    }
    double cost = budget.cost(model, ai.usage());
    List<String> selected = new ArrayList<>(s.getOrDefault(GraphState.SELECTED_SKILL_IDS, List.of()));
    SkillMarkers.ids(ai.text()).stream().filter(id -> !selected.contains(id)).forEach(selected::add);
    String shown = SkillMarkers.strip(ai.text());
    Message.Ai kept = new Message.Ai(stream.messageId(), shown, ai.toolCalls(), ai.usage());
    stream.end(kept);
    return u.and(GraphState.MESSAGES, shown.isEmpty() && ai.toolCalls().isEmpty() ? List.of() : List.of(kept))
        .and(GraphState.SELECTED_SKILL_IDS, (List<String>) selected)
        .and(GraphState.PENDING_TOOL_CALLS, ai.toolCalls())
        .and(GraphState.TOKENS_USED, used + (int) ai.usage().total())
        .and(GraphState.COST_USD, spent + cost)
        .and(TokenBudget.THREAD_TOKENS, ai.usage().total())
        .and(TokenBudget.THREAD_COST, cost);
  }
}
