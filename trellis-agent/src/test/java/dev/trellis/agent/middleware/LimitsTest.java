package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.budget.BudgetExceededException;
import dev.trellis.agent.budget.Prices;
import dev.trellis.agent.budget.TokenBudget;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Model-call and tool-call limits per thread and per run, and token/cost budgets. */
class LimitsTest {
  final AtomicInteger searches = new AtomicInteger();
  final Tool search = Tool.of(new ToolSpec("search", "", null), (a, c) -> "result " + searches.incrementAndGet());

  /** Calls search forever, with 100 input and 20 output tokens per reply. */
  static ScriptedChatModel looping() {
    return new ScriptedChatModel(req -> new Message.Ai(null, "", List.of(new Message.ToolCall(
        "c" + req.messages().size(), "search", Map.of())), new Message.Usage(100, 20)));
  }

  static Map<String, Object> ask(String t) {
    return Map.of("messages", List.of(Message.human(t)));
  }

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  void aRunLimitEndsEachRunAndAThreadLimitEndsTheThread() {
    ScriptedChatModel model = looping();
    CompiledGraph agent = Agent.builder(model).tools(search)
        .middleware(new ModelCallLimit(3, 2, ExitBehavior.END)).compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("limits");
    State first = agent.invoke(ask("go"), t);
    assertEquals("Model call limits exceeded: run limit (2/2)", messages(first).getLast().text());
    assertEquals(2, model.requests().size());
    State second = agent.invoke(ask("again"), t);
    assertEquals(3, model.requests().size(), "a new run may call again, until the thread limit");
    assertEquals("Model call limits exceeded: thread limit (3/3)", messages(second).getLast().text());
    assertEquals(3, second.get(ModelCallLimit.THREAD_COUNT));
  }

  @Test
  void aModelCallLimitCanFailTheRun() {
    CompiledGraph agent = Agent.builder(looping()).tools(search)
        .middleware(new ModelCallLimit(0, 1, ExitBehavior.ERROR)).compile(CompileOptions.DEFAULT);
    var e = assertThrows(LimitExceededException.class, () -> agent.invoke(ask("go")));
    assertTrue(e.getMessage().contains("run limit (1/1)"), e.getMessage());
  }

  @Test
  void blockedToolCallsAreAnsweredWithAnErrorWhileTheModelCarriesOn() {
    ScriptedChatModel model = ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("a", "search", Map.of()),
            new Message.ToolCall("b", "search", Map.of())), null),
        Message.ai("done"));
    State out = Agent.builder(model).tools(search).middleware(new ToolCallLimit("search", 0, 1, ExitBehavior.CONTINUE))
        .compile(CompileOptions.DEFAULT).invoke(ask("go"));
    assertEquals(1, searches.get());
    assertEquals(List.of("go", "", "Tool call limit exceeded. Do not call 'search' again.", "result 1", "done"),
        messages(out).stream().map(Message::text).toList());
  }

  @Test
  void aToolCallLimitCanEndTheRun() {
    ScriptedChatModel model = looping();
    State out = Agent.builder(model).tools(search).middleware(new ToolCallLimit(null, 0, 2, ExitBehavior.END))
        .compile(CompileOptions.DEFAULT).invoke(ask("go"));
    assertEquals(2, searches.get());
    assertEquals("Tool call limit reached: run limit exceeded (3/2 calls).", messages(out).getLast().text());
    Message.Tool blocked = (Message.Tool) messages(out).get(messages(out).size() - 2);
    assertEquals("Tool call limit exceeded. Do not make additional tool calls.", blocked.text());
  }

  @Test
  void aTokenBudgetStopsTheRunWithItsStateSaved() {
    ScriptedChatModel model = looping();
    CompiledGraph agent = Agent.builder(model).tools(search)
        .middleware(new BudgetMiddleware(TokenBudget.unlimited().withRunTokens(300)))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("budget");
    var e = assertThrows(BudgetExceededException.class, () -> agent.invoke(ask("go"), t));
    assertEquals("run_tokens", e.limit());
    assertEquals(3, model.requests().size(), "120 tokens a call: the fourth would start at 360");
    assertEquals(360L, agent.getState(t).values().get("thread_tokens"));
  }

  @Test
  void costIsChargedAtEachModelsPriceAndCanEndTheRun() {
    ScriptedChatModel model = looping();
    Prices prices = Prices.NONE.model("ScriptedChatModel", 1000, 5000); // per million: 0.1 + 0.1 a call
    CompiledGraph agent = Agent.builder(model).tools(search)
        .middleware(new BudgetMiddleware(TokenBudget.unlimited().withThreadCost(0.5).withPrices(prices), ExitBehavior.END))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    State out = agent.invoke(ask("go"), RunConfig.thread("cost"));
    assertEquals(3, model.requests().size());
    assertEquals(0.6, (Double) out.get(TokenBudget.THREAD_COST), 1e-9);
    assertEquals("Budget exhausted: thread cost: 0.6000 of 0.5000 spent", messages(out).getLast().text());
  }

  @Test
  void theBudgetWorksInAnyNodeThatCallsAModel() throws Exception {
    TokenBudget budget = TokenBudget.unlimited().withThreadTokens(100);
    ScriptedChatModel model = ScriptedChatModel.replies(new Message.Ai(null, "a summary", List.of(), new Message.Usage(80, 30)));
    var g = dev.trellis.core.StateGraph.of(dev.trellis.graph.Schema.of(
        java.util.stream.Stream.concat(TokenBudget.keys().stream(), java.util.stream.Stream.of(
            dev.trellis.agent.message.Messages.KEY)).toList()));
    g.addNode("summarise", (s, rt) -> {
      budget.check(s);
      Message.Ai ai = model.chat(new dev.trellis.agent.model.ChatRequest(messages(s), List.of()));
      return budget.charge(s, model.name(), ai.usage()).and(dev.trellis.agent.message.Messages.KEY, List.of(ai));
    });
    g.addEdge(dev.trellis.core.StateGraph.START, "summarise");
    CompiledGraph graph = g.compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("node");
    assertEquals(110L, graph.invoke(ask("text"), t).get(TokenBudget.THREAD_TOKENS));
    var e = assertThrows(BudgetExceededException.class, () -> graph.invoke(ask("more"), t));
    assertEquals("thread_tokens", e.limit());
  }
}
