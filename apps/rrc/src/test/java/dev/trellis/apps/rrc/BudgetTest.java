package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Budgets: checked before every LLM call against the conversation's accumulated usage, per-agent
 * defaults from agents.yaml, a breach fails the execution with its work saved.
 */
class BudgetTest {
  static final String R37 = "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H";
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void eachAgentTypeGetsItsYamlDefaults() {
    Map<String, List<Number>> expected = Map.of("rule_37", List.of(150_000, 10.0), "rule_32", List.of(100_000, 8.0),
        "compliance_monitor", List.of(200_000, 15.0), "flaring_monitor", List.of(300_000, 20.0), "flaring_compliance", List.of(300_000, 20.0));
    expected.forEach((agent, limits) -> {
      f.graph().invoke(Fixture.input(agent, "hello"), Fixture.thread("d-" + agent));
      Map<String, Object> s = f.state("d-" + agent);
      assertEquals(limits.get(0), s.get("max_tokens"), agent);
      assertEquals(limits.get(1), s.get("max_cost_usd"), agent);
    });
  }

  @Test
  @SuppressWarnings("unchecked")
  void tokenBreachEndsTheExecutionFailedWithEarlierToolResultsSaved() {
    f.graph().invoke(Fixture.input("rule_37", R37, "max_tokens", 3_000), Fixture.thread("b1"));
    Map<String, Object> s = f.state("b1");
    assertEquals("failed", s.get("status"));
    assertTrue(String.valueOf(s.get("error")).contains("tokens"), String.valueOf(s.get("error")));
    assertTrue((Integer) s.get("tokens_used") <= 3_000, "the call that would pass the limit was refused before it was sent");
    List<Map<String, Object>> messages = Wire.messages(s);
    assertTrue(messages.stream().anyMatch(m -> "entity_resolve".equals(m.get("name"))), "work before the breach is kept");
    assertTrue(messages.stream().noneMatch(m -> "rule37_filing_assembly".equals(m.get("name"))), "nothing after it ran");
  }

  @Test
  void costBreachStopsBeforeTheNextCall() {
    AtomicInteger calls = new AtomicInteger();
    ChatModel pricey = new ChatModel() {
      @Override
      public Message.Ai chat(dev.trellis.agent.model.ChatRequest r) {
        calls.incrementAndGet();
        return new Message.Ai(null, "", List.of(new Message.ToolCall("c" + calls.get(), "entity_resolve",
            Map.of("query", "x" + calls.get()))), new Message.Usage(10_000, 0));
      }

      @Override
      public String name() {
        return "gpt-4o";
      }
    };
    f.graph(pricey).invoke(Fixture.input("rule_37", "go", "max_cost_usd", 0.05), Fixture.thread("b2"));
    Map<String, Object> s = f.state("b2");
    assertEquals("failed", s.get("status"));
    assertTrue(String.valueOf(s.get("error")).contains("cost"), String.valueOf(s.get("error")));
    assertEquals(2, calls.get(), "$0.025 per call at gpt-4o's $2.50 per million input tokens: the third call is refused");
    assertEquals(0.05, (Double) s.get("cost_usd"), 1e-9);
  }

  @Test
  void usageIsChargedAtTheModelsPrice() {
    f.graph().invoke(Fixture.input("rule_37", R37), Fixture.thread("b3"));
    Map<String, Object> s = f.state("b3");
    int tokens = (Integer) s.get("tokens_used");
    double cost = (Double) s.get("cost_usd");
    assertTrue(tokens > 1_000, "tokens " + tokens);
    assertTrue(cost > tokens * 2.5 / 1e6 && cost < tokens * 10.0 / 1e6, "cost " + cost + " for " + tokens + " tokens");
  }

  static ChatModel spending(AtomicInteger calls, long tokensPerCall) {
    return new ChatModel() {
      @Override
      public Message.Ai chat(dev.trellis.agent.model.ChatRequest r) {
        calls.incrementAndGet();
        return new Message.Ai(null, "Noted (call " + calls.get() + ").", List.of(), new Message.Usage(tokensPerCall, 0));
      }

      @Override
      public String name() {
        return "gpt-4o";
      }
    };
  }

  @Test
  void eachExecutionGetsItsOwnBudgetWhileTheConversationsTotalsStayReadable() {
    AtomicInteger calls = new AtomicInteger();
    ChatModel wholeBudget = spending(calls, 150_000);
    f.graph(wholeBudget).invoke(Fixture.input("rule_37", "Note that Mitchell Ranch 1H is permitted."), Fixture.thread("c1"));
    Map<String, Object> first = f.state("c1");
    assertEquals("completed", first.get("status"), "the first execution spends rule_37's 150,000 tokens and finishes");
    assertEquals(150_000, first.get("tokens_used"));
    f.graph(wholeBudget).invoke(Fixture.input("rule_37", "And Mitchell Ranch 2H?"), Fixture.thread("c1"));
    Map<String, Object> second = f.state("c1");
    assertEquals("completed", second.get("status"), "the second execution has a budget of its own");
    assertEquals(2, calls.get());
    assertEquals(150_000, second.get("tokens_used"), "this execution's usage");
    assertEquals(0.375, (Double) second.get("cost_usd"), 1e-9);
    assertEquals(300_000L, ((Number) second.get("thread_tokens")).longValue(), "the conversation's total");
    assertEquals(0.75, ((Number) second.get("thread_cost")).doubleValue(), 1e-9);
  }

  @Test
  @SuppressWarnings("unchecked")
  void anOversizedMessageIsRefusedBeforeItIsSentAndDoesNotPoisonTheConversation() {
    AtomicInteger calls = new AtomicInteger();
    ChatModel model = spending(calls, 100);
    String huge = "Mitchell Ranch 1H ".repeat(40_000); // ~180,000 tokens at four characters a token
    f.graph(model).invoke(Fixture.input("rule_37", huge), Fixture.thread("c2"));
    Map<String, Object> s = f.state("c2");
    assertEquals("failed", s.get("status"));
    assertTrue(String.valueOf(s.get("error")).contains("\"message\""), String.valueOf(s.get("error")));
    assertEquals(0, calls.get(), "nothing was sent");
    assertEquals(0, s.get("tokens_used"));
    List<Map<String, Object>> messages = Wire.messages(s);
    assertTrue(messages.stream().noneMatch(m -> huge.equals(m.get("content"))), "the refused message is not kept");
    f.graph(model).invoke(Fixture.input("rule_37", "Is Mitchell Ranch 1H permitted?"), Fixture.thread("c2"));
    assertEquals("completed", f.state("c2").get("status"), "the next message is answered");
    assertEquals(1, calls.get());
  }

  @Test
  @SuppressWarnings("unchecked")
  void aHistoryWhosePromptWouldPassTheRemainingBudgetIsRefusedBeforeTheCall() {
    AtomicInteger calls = new AtomicInteger();
    String big = "Mitchell Ranch 1H ".repeat(800); // ~3,600 tokens: fits 5,000 alone
    f.graph(spending(calls, 100)).invoke(Fixture.input("rule_37", big, "max_tokens", 5_000), Fixture.thread("c3"));
    assertEquals("completed", f.state("c3").get("status"));
    f.graph(spending(calls, 100)).invoke(Fixture.input("rule_37", big, "max_tokens", 5_000), Fixture.thread("c3"));
    Map<String, Object> s = f.state("c3");
    assertEquals("failed", s.get("status"), "two of them are more than the execution's 5,000 tokens");
    assertTrue(String.valueOf(s.get("error")).contains("prompt tokens"), String.valueOf(s.get("error")));
    assertEquals(1, calls.get(), "refused before it was sent");
  }

  @Test
  void theStatesModelIsTheModelCalledAndPriced() {
    List<String> asked = new java.util.ArrayList<>();
    ChatModel model = new ChatModel() {
      @Override
      public Message.Ai chat(dev.trellis.agent.model.ChatRequest r) {
        asked.add((String) r.settings().get(dev.trellis.agent.model.ChatRequest.MODEL));
        return new Message.Ai(null, "ok", List.of(), new Message.Usage(1_000_000, 0));
      }

      @Override
      public String name() {
        return "gpt-4o";
      }
    };
    f.graph(model).invoke(Fixture.input("rule_37", "hello", "model", "gpt-4o-mini"), Fixture.thread("m1"));
    Map<String, Object> s = f.state("m1");
    assertEquals(List.of("gpt-4o-mini"), asked);
    assertEquals("gpt-4o-mini", s.get("model"));
    assertEquals(0.15, (Double) s.get("cost_usd"), 1e-9, "a million input tokens at gpt-4o-mini's $0.15");
    f.graph(model).invoke(Fixture.input("rule_37", "hello"), Fixture.thread("m2"));
    assertEquals("gpt-4o", asked.getLast(), "the deployment's model when the request names none");
    assertEquals(2.5, (Double) f.state("m2").get("cost_usd"), 1e-9);
  }

  @Test
  void anAgentDefinitionWithALimitOfZeroIsRefused() throws Exception {
    var yaml = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> AgentConfigs.parse(yaml.readTree("agents: {rule_37: {max_tokens: 0}}\npersonas: {platform_default: hi}\n")));
    assertTrue(e.getMessage().contains("rule_37"), e.getMessage());
  }
}
