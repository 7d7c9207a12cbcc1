package dev.trellis.agent.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A budget used outside the agent, by a plain graph node that counts tokens and cost under its own keys. */
class TokenBudgetTest {
  static final Key<Long> USED = Key.of("tokens_used", Long.class);
  static final Key<Double> SPENT = Key.of("cost_usd", Double.class);
  static final Key<Integer> CALLS = Key.of("calls", Integer.class);

  static Message.Ai answer(long in, long out) {
    return new Message.Ai(null, "ok", List.of(), new Message.Usage(in, out));
  }

  @Test
  void aNodeWithItsOwnCountersIsStoppedBeforeTheCallPastTheTokenLimitWithEarlierWorkSaved() {
    TokenBudget budget = TokenBudget.unlimited().withRunTokens(250);
    ScriptedChatModel model = ScriptedChatModel.replies(answer(60, 40), answer(60, 40), answer(60, 40), answer(60, 40));
    CompiledGraph g = StateGraph.of(Schema.of(USED, SPENT, CALLS))
        .addNode("llm", (s, rt) -> {
          long used = s.getOrDefault(USED, 0L);
          double spent = s.getOrDefault(SPENT, 0.0);
          budget.check(used, spent);
          Message.Ai ai = model.chat(new ChatRequest(List.of(Message.human("go")), List.of()));
          return Update.of(USED, used + ai.usage().total()).and(SPENT, spent + budget.cost("m", ai.usage()))
              .and(CALLS, s.getOrDefault(CALLS, 0) + 1);
        })
        .addEdge(StateGraph.START, "llm")
        .addConditionalEdges("llm", s -> "llm", List.of("llm"))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig thread = RunConfig.thread("b1");
    BudgetExceededException e = assertThrows(BudgetExceededException.class,
        () -> g.invoke(Map.of("calls", 0), thread));
    assertTrue(e.getMessage().contains("tokens: 300 of 250 used"), e.getMessage());
    assertEquals(3, g.getState(thread).values().get("calls"));
    assertEquals(300L, ((Number) g.getState(thread).values().get("tokens_used")).longValue());
  }

  @Test
  void costIsPricedPerModelAndTheCostLimitTrips() {
    TokenBudget budget = TokenBudget.unlimited().withRunCost(0.01)
        .withPrices(Prices.NONE.model("gpt-4o", 2.50, 10.00));
    double cost = budget.cost("gpt-4o", new Message.Usage(1000, 500));
    assertEquals(0.0075, cost, 1e-12);
    assertNull(budget.exceeded(0, 0, cost, cost));
    assertThrows(BudgetExceededException.class, () -> budget.check(3000, cost * 2));
    assertEquals(0.0, budget.cost("unpriced", new Message.Usage(1000, 500)));
  }

  @Test
  void cacheBreakpointTravelsWithTheRequest() {
    ChatRequest r = new ChatRequest(List.of(Message.system("persona"), Message.human("hi")), List.of())
        .withCacheBreakpoint(0);
    assertEquals(0, r.cacheBreakpoint().getAsInt());
    assertEquals(0, r.settings().get(ChatRequest.CACHE_BREAKPOINT));
    assertThrows(IllegalArgumentException.class, () -> r.withCacheBreakpoint(2));
    assertTrue(new ChatRequest(List.of(Message.human("hi")), List.of()).cacheBreakpoint().isEmpty());
  }

  @Test
  void aPromptLargerThanWhatIsLeftOfTheTokenLimitIsRefusedBeforeItIsSent() {
    TokenBudget budget = TokenBudget.unlimited().withRunTokens(1_000);
    budget.checkPrompt(400, 0, "m", 600);
    BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> budget.checkPrompt(400, 0, "m", 601));
    assertEquals("prompt_tokens", e.limit());
    assertTrue(e.getMessage().contains("about 601 tokens exceeds the 600 left of 1000"), e.getMessage());
    assertThrows(BudgetExceededException.class, () -> budget.checkPrompt(1_000, 0, "m", 1), "a reached limit still trips");
    TokenBudget.unlimited().checkPrompt(10_000_000, 1e6, "m", 10_000_000);
  }

  @Test
  void aPromptWhoseInputCostPassesWhatIsLeftOfTheCostLimitIsRefused() {
    TokenBudget budget = TokenBudget.unlimited().withThreadCost(1.0).withPrices(Prices.NONE.model("big", 10.0, 30.0));
    budget.checkPrompt(0, 0.5, "big", 40_000);
    BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> budget.checkPrompt(0, 0.5, "big", 60_000));
    assertEquals("prompt_cost", e.limit());
  }
}
