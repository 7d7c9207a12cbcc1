package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.react.Budget;
import dev.trellis.agent.react.BudgetExceededException;
import dev.trellis.agent.react.ReactAgent;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolNode;
import dev.trellis.checkpoint.InMemorySaver;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The ReAct loop on a scripted model: tools, parallel calls, errors, interceptors, approval, budgets. */
class ReactAgentTest {
  static final Tool WEATHER = Tool.of(new ToolSpec("weather", "weather in a city", null),
      (args, ctx) -> "sunny in " + args.get("city"));
  static final Tool TIME = Tool.of(new ToolSpec("time", "local time in a city", null),
      (args, ctx) -> "10:00 in " + args.get("city"));

  static Message.Ai calls(Message.ToolCall... calls) {
    return new Message.Ai(null, "", List.of(calls), new Message.Usage(10, 5));
  }

  static Message.ToolCall call(String id, String tool, String city) {
    return new Message.ToolCall(id, tool, Map.of("city", city));
  }

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  void aCompiledAgentKeepsItsSettingsWhenTheBuilderChangesLater() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("ok"));
    ReactAgent builder = ReactAgent.builder(model).tools(WEATHER).prompt("first");
    CompiledGraph agent = builder.compile(CompileOptions.DEFAULT);
    builder.prompt("second").tools(TIME);
    agent.invoke(Map.of("messages", List.of(Message.human("hi"))));
    assertEquals("first", model.requests().getFirst().messages().getFirst().text());
    assertEquals(List.of("weather"), model.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
  }

  @Test
  void answersAQuestionUsingTwoTools() {
    ScriptedChatModel model = ScriptedChatModel.replies(
        calls(call("c1", "weather", "Oslo"), call("c2", "time", "Oslo")),
        new Message.Ai(null, "Sunny, and it is 10:00.", List.of(), new Message.Usage(20, 7)));
    CompiledGraph agent = ReactAgent.builder(model).tools(WEATHER, TIME).prompt("be brief").compile(CompileOptions.DEFAULT);
    State out = agent.invoke(Map.of("messages", List.of(Message.human("Weather and time in Oslo?"))));
    List<Message> msgs = messages(out);
    assertEquals(List.of("Weather and time in Oslo?", "", "sunny in Oslo", "10:00 in Oslo", "Sunny, and it is 10:00."),
        msgs.stream().map(Message::text).toList());
    assertEquals("c2", ((Message.Tool) msgs.get(3)).toolCallId(), "tool messages come back in call order");
    assertEquals(2, out.get(ReactAgent.MODEL_CALLS));
    assertEquals(42L, out.get(ReactAgent.TOKENS));
    assertTrue(model.requests().get(1).messages().getFirst() instanceof Message.System, "the prompt leads every request");
    assertEquals(List.of("weather", "time"), model.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
  }

  @Test
  void toolCallsRunInParallel() throws Exception {
    CountDownLatch both = new CountDownLatch(2);
    Tool waits = Tool.of(new ToolSpec("wait", "", null), (args, ctx) -> {
      both.countDown();
      return both.await(5, TimeUnit.SECONDS) ? "ok" : "alone";
    });
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "wait", "x"), call("b", "wait", "y")),
        Message.ai("done"));
    State out = ReactAgent.builder(model).tools(waits).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("go"))));
    assertEquals(List.of("ok", "ok"), messages(out).subList(2, 4).stream().map(Message::text).toList());
  }

  @Test
  void toolErrorsAndUnknownToolsBecomeErrorMessagesTheModelSees() {
    Tool broken = Tool.of(new ToolSpec("broken", "", null), (args, ctx) -> {
      throw new java.io.IOException("backend down");
    });
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "broken", "x"), call("b", "ghost", "y")),
        Message.ai("sorry"));
    List<Message> msgs = messages(ReactAgent.builder(model).tools(broken).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("go")))));
    Message.Tool first = (Message.Tool) msgs.get(2);
    Message.Tool second = (Message.Tool) msgs.get(3);
    assertTrue(first.error() && first.text().contains("backend down"));
    assertTrue(second.error() && second.text().equals("Error: ghost is not a valid tool, try one of [broken]."));
    assertEquals(3, model.requests().get(1).messages().size() - 1, "the model saw both errors");
  }

  @Test
  void interceptorsCanRewriteArguments() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "weather", "oslo")), Message.ai("ok"));
    List<Message> msgs = messages(ReactAgent.builder(model).tools(WEATHER)
        .interceptors((req, next) -> next.call(req.override(Map.of("city",
            ((String) req.call().args().get("city")).toUpperCase()))))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("go")))));
    assertEquals("sunny in OSLO", msgs.get(2).text());
  }

  @Test
  void aToolReturningACommandUpdatesState() throws Exception {
    Tool remember = Tool.of(new ToolSpec("remember", "", null), (args, ctx) -> Command.update(Update.of(Map.of(
        "messages", List.of(new Message.Tool(null, "remembered", ctx.call().id(), "remember", false))))));
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "remember", "x")));
    ToolNode node = ToolNode.of(remember);
    var result = node.apply(State.of(Map.of("messages", List.of(Message.human("hi"), model.chat(null)))), null);
    assertTrue(result instanceof Command c && ((List<?>) c.update().values().get("messages")).size() == 1);
  }

  @Test
  void aPostModelHookPausesForApprovalAndResumes() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "weather", "Rome")), Message.ai("It is sunny."));
    CompiledGraph agent = ReactAgent.builder(model).tools(WEATHER)
        .postModelHook((s, rt) -> {
          Message last = Messages.last(messages(s));
          if (last instanceof Message.Ai ai && !ai.toolCalls().isEmpty()) {
            String verdict = rt.interrupt("run " + ai.toolCalls().getFirst().name() + "?");
            if (!verdict.equals("yes")) {
              return Update.of(Messages.KEY, List.of(new Message.Ai(ai.id(), "Not allowed.", List.of(), ai.usage())));
            }
          }
          return Update.empty();
        })
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("approval");
    agent.invoke(Map.of("messages", List.of(Message.human("Weather in Rome?"))), t);
    assertEquals("run weather?", agent.getState(t).interrupts().getFirst().value());
    State out = agent.invoke(Command.resume("yes"), t);
    assertEquals("It is sunny.", Messages.last(messages(out)).text());
  }

  @Test
  void aBudgetStopsTheRunWithItsStateSaved() {
    ScriptedChatModel model = new ScriptedChatModel(req -> calls(call("c" + req.messages().size(), "weather", "Oslo")));
    CompiledGraph agent = ReactAgent.builder(model).tools(WEATHER).budget(Budget.modelCalls(2))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("budget");
    BudgetExceededException e = assertThrows(BudgetExceededException.class,
        () -> agent.invoke(Map.of("messages", List.of(Message.human("loop forever"))), t));
    assertEquals("model_calls", e.limit());
    assertEquals(2, model.requests().size());
    assertEquals(5, messages(State.of(agent.getState(t).values())).size(), "human, 2 model calls, 2 tool answers kept");
  }

  @Test
  void tokensStreamInMessagesModeWithTheirNode() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("It is sunny today."));
    CompiledGraph agent = ReactAgent.builder(model).compile(CompileOptions.DEFAULT);
    List<dev.trellis.stream.StreamPart.MessageChunk> chunks = new java.util.ArrayList<>();
    try (var s = agent.stream(Map.of("messages", List.of(Message.human("weather?"))), RunConfig.DEFAULT,
        dev.trellis.stream.StreamMode.MESSAGES)) {
      s.forEach(p -> chunks.add((dev.trellis.stream.StreamPart.MessageChunk) p));
    }
    assertEquals(List.of("It ", "is ", "sunny ", "today."), chunks.stream().map(c -> c.text()).toList());
    assertEquals("agent", chunks.getFirst().node());
  }

  @Test
  void aResponseFormatFillsTheStructuredResponse() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("a", "weather", "Oslo")), Message.ai("Sunny."),
        Message.ai("```json\n{\"city\": \"Oslo\", \"sunny\": true}\n```"));
    State out = ReactAgent.builder(model).tools(WEATHER)
        .responseFormat(Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"),
            "sunny", Map.of("type", "boolean"))))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("Weather in Oslo?"))));
    assertEquals(Map.of("city", "Oslo", "sunny", true), out.get(ReactAgent.STRUCTURED_RESPONSE));
    assertTrue(model.requests().get(2).responseSchema() != null, "the last call asked for the schema");
  }

  @Test
  void eachToolCallCanRunAsItsOwnTask() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("c1", "weather", "Oslo"), call("c2", "time", "Rome")),
        Message.ai("done"));
    CompiledGraph agent = ReactAgent.builder(model).tools(WEATHER, TIME).sendPerToolCall(true).compile(CompileOptions.DEFAULT);
    List<StreamPartCount> toolTasks = new java.util.ArrayList<>();
    List<Message> last = new java.util.ArrayList<>();
    try (var s = agent.stream(Map.of("messages", List.of(Message.human("go"))), RunConfig.DEFAULT,
        dev.trellis.stream.StreamMode.UPDATES, dev.trellis.stream.StreamMode.VALUES)) {
      for (var p : s) {
        if (p instanceof dev.trellis.stream.StreamPart.Updates u && u.node().equals("tools")) {
          toolTasks.add(new StreamPartCount(u.node()));
        }
        if (p instanceof dev.trellis.stream.StreamPart.Values v) {
          last.clear();
          last.addAll(messages(State.of(v.values())));
        }
      }
    }
    assertEquals(2, toolTasks.size(), "one tools task per call");
    assertEquals(List.of("sunny in Oslo", "10:00 in Rome"), last.subList(2, 4).stream().map(Message::text).toList());
    assertEquals("done", last.getLast().text());
  }

  record StreamPartCount(String node) {}
}
