package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Summarization, context editing, LLM tool selection, dynamic prompts and tool visibility. */
class ContextMiddlewareTest {
  static final Tool WEATHER = Tool.of(new ToolSpec("weather", "weather in a city", null), (a, c) -> "sunny");
  static final Tool TIME = Tool.of(new ToolSpec("time", "local time", null), (a, c) -> "10:00");
  static final Tool NEWS = Tool.of(new ToolSpec("news", "headlines", null), (a, c) -> "none");

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  static List<Message> history() {
    return List.of(Message.human("one"),
        new Message.Ai(null, "", List.of(new Message.ToolCall("w1", "weather", Map.of())), null),
        new Message.Tool(null, "sunny", "w1", "weather", false),
        Message.ai("It is sunny."), Message.human("two"),
        new Message.Ai(null, "", List.of(new Message.ToolCall("t1", "time", Map.of())), null),
        new Message.Tool(null, "10:00", "t1", "time", false),
        Message.ai("It is 10:00."), Message.human("three"));
  }

  @Test
  void summarizationReplacesOldMessagesWithASummaryKeepingToolPairs() {
    ScriptedChatModel summariser = ScriptedChatModel.replies(Message.ai("They asked about weather."));
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    // Keeping the last 3 would cut between the time call and its result; the cut moves back to the call.
    State out = Agent.builder(model).middleware(new Summarization(summariser, 10, 3))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", history()));
    List<String> texts = messages(out).stream().map(Message::text).toList();
    assertEquals(List.of(Summarization.SUMMARY_PREFIX + "They asked about weather.", "", "10:00", "It is 10:00.",
        "three", "answer"), texts);
    List<Message> asked = summariser.requests().getFirst().messages();
    assertEquals(1, asked.size(), "the summary model gets one human message");
    assertTrue(asked.getFirst().text().contains("<message type=\"human\">one</message>\n<message type=\"ai\">\n"
        + "  <tool_call id=\"w1\" name=\"weather\">{}</tool_call>\n</message>"), asked.getFirst().text());
    assertEquals(5, model.requests().getFirst().messages().size(), "the model sees the summary and the kept messages");
  }

  @Test
  void summarizationCanKeepATokenBudgetOfRecentMessages() {
    ScriptedChatModel summariser = ScriptedChatModel.replies(Message.ai("Weather, then time."));
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    // "It is 10:00." and "three" count 15 tokens together (a quarter of text and role, rounded up, + 3 each);
    // with the time result before them (text, role, call id and name: 7) they would count 22.
    State out = Agent.builder(model).middleware(Summarization.keepingTokens(summariser, 20, 15, TokenCounter.APPROXIMATE))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", history()));
    List<String> texts = messages(out).stream().map(Message::text).toList();
    assertEquals(List.of(Summarization.SUMMARY_PREFIX + "Weather, then time.", "It is 10:00.", "three", "answer"), texts);
  }

  @Test
  void summarizationWaitsForItsTokenTrigger() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    State out = Agent.builder(model).middleware(new Summarization(ScriptedChatModel.replies(), 10_000, 2))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", history()));
    assertEquals(10, messages(out).size());
  }

  @Test
  void contextEditingClearsOldToolResultsInTheRequestOnly() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    State out = Agent.builder(model).middleware(new ContextEditing(10, 1, Set.of(), TokenCounter.APPROXIMATE))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", history()));
    List<Message> seen = model.requests().getFirst().messages();
    assertEquals(List.of(ContextEditing.PLACEHOLDER, "10:00"),
        seen.stream().filter(m -> m instanceof Message.Tool).map(Message::text).toList());
    assertEquals("sunny", messages(out).get(2).text(), "state keeps the result");
  }

  @Test
  void contextEditingStopsOnceEnoughIsFreedAndCanClearTheCallsInputs() {
    List<Message> h = new java.util.ArrayList<>(history());
    h.set(1, new Message.Ai(null, "", List.of(new Message.ToolCall("w1", "weather", Map.of("city", "Oslo"))), null));
    h.set(2, new Message.Tool(null, "sunny and warm all week long", "w1", "weather", false));
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    Agent.builder(model).middleware(new ContextEditing(10, 0, 1, true, Set.of(), TokenCounter.APPROXIMATE))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", h));
    List<Message> seen = model.requests().getFirst().messages();
    assertEquals(List.of(ContextEditing.PLACEHOLDER, "10:00"),
        seen.stream().filter(m -> m instanceof Message.Tool).map(Message::text).toList(),
        "clearing the first result freed enough, so the second stays");
    Message.Ai weatherCall = (Message.Ai) seen.stream().filter(m -> m instanceof Message.Ai ai && !ai.toolCalls().isEmpty())
        .findFirst().orElseThrow();
    assertEquals(Map.of(), weatherCall.toolCalls().getFirst().args(), "the cleared result's call lost its inputs");
    Message.Ai timeCall = (Message.Ai) seen.stream().filter(m -> m instanceof Message.Ai ai && !ai.toolCalls().isEmpty())
        .skip(1).findFirst().orElseThrow();
    assertEquals("t1", timeCall.toolCalls().getFirst().id());
  }

  @Test
  void aSelectorModelChoosesTheToolsOfferedOnEachCall() {
    ScriptedChatModel selector = ScriptedChatModel.replies(select("time", "weather"));
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    Agent.builder(model).tools(WEATHER, TIME, NEWS).middleware(new LlmToolSelector(selector, 1, Set.of("news")))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("weather in Oslo?"))));
    assertEquals(List.of("time", "news"), model.requests().getFirst().tools().stream().map(ToolSpec::name).toList(),
        "max_tools keeps the first choice; always-included tools come after the chosen ones");
    var ask = selector.requests().getFirst();
    assertEquals(List.of("ToolSelectionResponse"), ask.tools().stream().map(ToolSpec::name).toList());
    assertTrue(ask.tools().getFirst().parameters().toString().contains("local time"), "each tool is described");
    assertTrue(ask.messages().getFirst().text().contains("only the first 1 will be used"));
    assertEquals("weather in Oslo?", ask.messages().getLast().text());
  }

  static Message.Ai select(String... tools) {
    return new Message.Ai(null, "", List.of(new Message.ToolCall("sel", "ToolSelectionResponse",
        Map.of("tools", List.of(tools)))), null);
  }

  @Test
  void aSelectionNamingAnUnknownToolFailsTheCall() {
    ScriptedChatModel selector = ScriptedChatModel.replies(select("weather", "ghost"));
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("answer"));
    var e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> Agent.builder(model)
        .tools(WEATHER, TIME).middleware(new LlmToolSelector(selector, 0, Set.of())).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("weather?")))));
    assertTrue(String.valueOf(e.getCause()).contains("Model selected invalid tools: [ghost]"), String.valueOf(e.getCause()));
  }

  @Test
  void withoutASelectorModelTheAgentsModelChooses() {
    ScriptedChatModel model = ScriptedChatModel.replies(select("time"), Message.ai("answer"));
    Agent.builder(model).tools(WEATHER, TIME, NEWS).middleware(new LlmToolSelector(null, 0, Set.of()))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("what time is it?"))));
    assertEquals(List.of("time"), model.requests().get(1).tools().stream().map(ToolSpec::name).toList());
  }

  record Ctx(String user, Set<String> allowedTools) {}

  @Test
  void promptAndVisibleToolsFollowTheRunsContext() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("a"), Message.ai("b"));
    var agent = Agent.builder(model).tools(WEATHER, TIME, NEWS).middleware(
        Hooks.dynamicPrompt((s, rt) -> "You are helping " + rt.context(Ctx.class).user() + "."),
        Hooks.selectTools((s, rt) -> t -> rt.context(Ctx.class).allowedTools().contains(t.name())))
        .compile(CompileOptions.DEFAULT);
    agent.invoke(Map.of("messages", List.of(Message.human("hi"))),
        RunConfig.DEFAULT.withContext(new Ctx("Ada", Set.of("weather"))));
    agent.invoke(Map.of("messages", List.of(Message.human("hi"))),
        RunConfig.DEFAULT.withContext(new Ctx("Bo", Set.of("time", "news"))));
    assertEquals("You are helping Ada.", model.requests().get(0).messages().getFirst().text());
    assertEquals(List.of("weather"), model.requests().get(0).tools().stream().map(ToolSpec::name).toList());
    assertEquals("You are helping Bo.", model.requests().get(1).messages().getFirst().text());
    assertEquals(List.of("time", "news"), model.requests().get(1).tools().stream().map(ToolSpec::name).toList());
  }
}
