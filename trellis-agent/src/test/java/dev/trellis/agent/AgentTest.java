package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Agent.builder with middleware on a scripted model that records what it is asked. */
class AgentTest {
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

  static Map<String, Object> ask(String text) {
    return Map.of("messages", List.of(Message.human(text)));
  }

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  /** Records each hook it runs as "name.hook" into a shared log. */
  record Recorder(String name, List<String> log) implements AgentMiddleware {
    @Override
    public Update beforeAgent(State s, Runtime rt) {
      log.add(name + ".before_agent");
      return null;
    }

    @Override
    public Update beforeModel(State s, Runtime rt) {
      log.add(name + ".before_model");
      return null;
    }

    @Override
    public Update afterModel(State s, Runtime rt) {
      log.add(name + ".after_model");
      return null;
    }

    @Override
    public Update afterAgent(State s, Runtime rt) {
      log.add(name + ".after_agent");
      return null;
    }

    @Override
    public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
      log.add(name + ".wrap_model>");
      ModelResponse r = next.call(request);
      log.add(name + ".wrap_model<");
      return r;
    }

    @Override
    public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
      log.add(name + ".wrap_tool>");
      Object r = next.call(request);
      log.add(name + ".wrap_tool<");
      return r;
    }
  }

  @Test
  void hooksRunInLangChainsOrder() {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("c1", "weather", "Oslo")), Message.ai("Sunny."));
    CompiledGraph agent = Agent.builder(model).tools(WEATHER)
        .middleware(new Recorder("A", log), new Recorder("B", log)).compile(CompileOptions.DEFAULT);
    State out = agent.invoke(ask("Weather in Oslo?"));
    assertEquals("Sunny.", messages(out).getLast().text());
    assertEquals(List.of("A.before_agent", "B.before_agent",
        "A.before_model", "B.before_model", "A.wrap_model>", "B.wrap_model>", "B.wrap_model<", "A.wrap_model<",
        "B.after_model", "A.after_model",
        "A.wrap_tool>", "B.wrap_tool>", "B.wrap_tool<", "A.wrap_tool<",
        "A.before_model", "B.before_model", "A.wrap_model>", "B.wrap_model>", "B.wrap_model<", "A.wrap_model<",
        "B.after_model", "A.after_model",
        "B.after_agent", "A.after_agent"), log);
  }

  @Test
  void nodesAreNamedAsLangChainNamesThem() {
    List<String> log = new ArrayList<>();
    CompiledGraph agent = Agent.builder(ScriptedChatModel.replies(Message.ai("hi"))).tools(WEATHER)
        .middleware(new Recorder("Log", log)).compile(CompileOptions.DEFAULT);
    List<String> nodes = new ArrayList<>();
    try (var s = agent.stream(ask("hi"), RunConfig.DEFAULT, StreamMode.UPDATES)) {
      s.forEach(p -> nodes.add(((StreamPart.Updates) p).node()));
    }
    assertEquals(List.of("Log.before_agent", "Log.before_model", "model", "Log.after_model", "Log.after_agent"), nodes);
    String mermaid = agent.drawMermaid(false);
    assertTrue(mermaid.contains("tools") && mermaid.contains("Log.before_model"), mermaid);
  }

  @Test
  void aBeforeModelHookJumpsToTheEnd() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("never"));
    AgentMiddleware guard = new AgentMiddleware() {
      @Override
      public String name() {
        return "Guard";
      }

      @Override
      public Update beforeModel(State s, Runtime rt) {
        return AgentMiddleware.jumpTo("end").and(dev.trellis.agent.message.Messages.KEY,
            List.of(Message.ai("I cannot help with that.")));
      }
    };
    State out = Agent.builder(model).middleware(guard).compile(CompileOptions.DEFAULT).invoke(ask("bad request"));
    assertEquals("I cannot help with that.", messages(out).getLast().text());
    assertTrue(model.requests().isEmpty(), "the model was never called");
  }

  @Test
  void anAfterModelHookJumpsBackToTheModelOnce() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("draft"), Message.ai("final"));
    AgentMiddleware again = new AgentMiddleware() {
      @Override
      public Update afterModel(State s, Runtime rt) {
        return messages(s).getLast().text().equals("draft")
            ? AgentMiddleware.jumpTo("model").and(dev.trellis.agent.message.Messages.KEY,
                List.of(Message.human("try again")))
            : null;
      }
    };
    State out = Agent.builder(model).middleware(again).compile(CompileOptions.DEFAULT).invoke(ask("write"));
    assertEquals(List.of("write", "draft", "try again", "final"), messages(out).stream().map(Message::text).toList());
    assertNull(out.get("jump_to"), "the jump is spent");
  }

  @Test
  void aJumpToAnUnknownTargetNamesIt() {
    AgentMiddleware bad = new AgentMiddleware() {
      @Override
      public Update beforeAgent(State s, Runtime rt) {
        return Update.of(AgentMiddleware.JUMP_TO, "nowhere");
      }
    };
    Exception e = assertThrows(Exception.class, () -> Agent.builder(ScriptedChatModel.replies(Message.ai("x")))
        .middleware(bad).compile(CompileOptions.DEFAULT).invoke(ask("hi")));
    assertTrue(String.valueOf(e.getMessage()).contains("\"nowhere\""), e.getMessage());
  }

  @Test
  void wrapModelCallChangesOneCallWithoutTouchingState() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("ok"));
    AgentMiddleware perCall = new AgentMiddleware() {
      @Override
      public ModelResponse wrapModelCall(ModelRequest r, ModelHandler next) throws Exception {
        String user = (String) r.runtime().context(Map.class).get("user");
        return next.call(r.withSystemPrompt("You help " + user + ".")
            .withMessages(List.of(r.messages().getLast()))
            .withTools(r.tools().stream().filter(t -> !t.name().equals("time")).toList())
            .withSettings(Map.of("temperature", 0)));
      }
    };
    State out = Agent.builder(model).tools(WEATHER, TIME).systemPrompt("static").middleware(perCall)
        .compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("earlier"), Message.ai("before"), Message.human("now"))),
            RunConfig.DEFAULT.withContext(Map.of("user", "Ada")));
    var request = model.requests().getFirst();
    assertEquals(List.of("You help Ada.", "now"), request.messages().stream().map(Message::text).toList());
    assertEquals(List.of("weather"), request.tools().stream().map(ToolSpec::name).toList());
    assertEquals(Map.of("temperature", 0), request.settings());
    assertEquals(4, messages(out).size(), "state keeps every message");
  }

  @Test
  void wrapModelCallCanReplaceTheResponseWithoutCallingTheModel() {
    ScriptedChatModel model = ScriptedChatModel.replies();
    AgentMiddleware cache = new AgentMiddleware() {
      @Override
      public ModelResponse wrapModelCall(ModelRequest r, ModelHandler next) {
        return ModelResponse.of(Message.ai("cached answer"));
      }
    };
    State out = Agent.builder(model).middleware(cache).compile(CompileOptions.DEFAULT).invoke(ask("q"));
    assertEquals("cached answer", messages(out).getLast().text());
    assertTrue(model.requests().isEmpty());
  }

  @Test
  void middlewareAddsStateKeysAndTools() {
    Key<Integer> visits = Key.adding("visits", Integer.class);
    Tool counter = Tool.of(new ToolSpec("count", "count a visit", null), (args, ctx) -> "counted");
    AgentMiddleware m = new AgentMiddleware() {
      @Override
      public List<Key<?>> stateKeys() {
        return List.of(visits);
      }

      @Override
      public List<Tool> tools() {
        return List.of(counter);
      }

      @Override
      public Update beforeModel(State s, Runtime rt) {
        return Update.of(visits, 1);
      }
    };
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("c", "count", "-")), Message.ai("done"));
    State out = Agent.builder(model).middleware(m).compile(CompileOptions.DEFAULT).invoke(ask("go"));
    assertEquals(2, out.get(visits));
    assertEquals("counted", messages(out).get(2).text());
    assertEquals(List.of("count"), model.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
  }

  @Test
  void v2RunsOneTaskPerToolCallAndV1OneForAll() {
    for (Agent.Version v : Agent.Version.values()) {
      ScriptedChatModel model = ScriptedChatModel.replies(calls(call("c1", "weather", "Oslo"), call("c2", "time", "Rome")),
          Message.ai("done"));
      CompiledGraph agent = Agent.builder(model).tools(WEATHER, TIME).version(v).compile(CompileOptions.DEFAULT);
      int toolTasks = 0;
      List<Message> last = List.of();
      try (var s = agent.stream(ask("go"), RunConfig.DEFAULT, StreamMode.UPDATES, StreamMode.VALUES)) {
        for (var p : s) {
          if (p instanceof StreamPart.Updates u && u.node().equals("tools")) {
            toolTasks++;
          }
          if (p instanceof StreamPart.Values val) {
            last = messages(State.of(val.values()));
          }
        }
      }
      assertEquals(v == Agent.Version.V2 ? 2 : 1, toolTasks, v.name());
      assertEquals(List.of("sunny in Oslo", "10:00 in Rome", "done"),
          last.subList(2, 5).stream().map(Message::text).toList(), v.name());
    }
  }

  @Test
  void tokensStreamFromTheModelNode() {
    CompiledGraph agent = Agent.builder(ScriptedChatModel.replies(Message.ai("It is sunny."))).compile(CompileOptions.DEFAULT);
    List<StreamPart.MessageChunk> chunks = new ArrayList<>();
    try (var s = agent.stream(ask("weather?"), RunConfig.DEFAULT, StreamMode.MESSAGES)) {
      s.forEach(p -> chunks.add((StreamPart.MessageChunk) p));
    }
    assertEquals("It is sunny.", String.join("", chunks.stream().map(StreamPart.MessageChunk::text).toList()));
    assertEquals("model", chunks.getFirst().node());
  }

  @Test
  void twoMiddlewareWithOneNameAreRefused() {
    List<String> log = new ArrayList<>();
    var e = assertThrows(IllegalArgumentException.class, () -> Agent.builder(ScriptedChatModel.replies())
        .middleware(new Recorder("Same", log), new Recorder("Same", log)).compile(CompileOptions.DEFAULT));
    assertTrue(e.getMessage().contains("\"Same\""));
  }

  @Test
  void aToolCallWrapperCanShowTheToolAnotherState() {
    Tool whoAmI = Tool.of(new ToolSpec("who", "", null), (args, ctx) -> "user " + ctx.state().get("user"));
    AgentMiddleware masked = new AgentMiddleware() {
      @Override
      public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
        Map<String, Object> state = new java.util.HashMap<>(request.state().toMap());
        state.put("user", "anonymous");
        return next.call(request.override(State.of(state)));
      }
    };
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("w", "who", "-")), Message.ai("done"));
    State out = Agent.builder(model).tools(whoAmI).stateKeys(Key.of("user", String.class)).middleware(masked)
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("who am I?")), "user", "ada"));
    assertEquals("user anonymous", messages(out).get(2).text());
    assertEquals("ada", out.get("user"), "state itself is unchanged");
  }

  @Test
  void aModelWrapperCanJumpThroughItsUpdate() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(call("w", "weather", "Oslo")));
    AgentMiddleware stop = new AgentMiddleware() {
      @Override
      public ModelResponse wrapModelCall(ModelRequest r, ModelHandler next) throws Exception {
        return next.call(r).withUpdate(AgentMiddleware.jumpTo("end"));
      }
    };
    State out = Agent.builder(model).tools(WEATHER).middleware(stop).compile(CompileOptions.DEFAULT).invoke(ask("go"));
    assertEquals(2, messages(out).size(), "the tool call was not run");
  }
}
