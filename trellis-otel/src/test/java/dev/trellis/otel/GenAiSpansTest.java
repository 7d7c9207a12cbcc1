package dev.trellis.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.observe.ResponseInfo;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The GenAI spans and metrics every model and tool call of a traced run gets, with no middleware added. */
class GenAiSpansTest {
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");

  static Tool weather() {
    return Tool.of(new ToolSpec("weather", "current weather in a city", null), (a, ctx) -> "sunny in " + a.get("city"));
  }

  static ScriptedChatModel twoTurns() {
    return ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "weather", Map.of("city", "Oslo"))),
            new Message.Usage(120, 15)),
        new Message.Ai(null, "It is sunny in Oslo.", List.of(), new Message.Usage(160, 9)));
  }

  static CompiledGraph agent(Otel otel, TrellisTelemetry telemetry, ChatModel model, boolean middleware) {
    var b = Agent.builder(model).tools(weather());
    if (middleware) {
      b.middleware(telemetry.middleware());
    }
    return b.compile(CompileOptions.checkpointer(new InMemorySaver()).withName("weather")
        .withListeners(telemetry.listener()));
  }

  static Map<String, Object> ask(String text) {
    return Map.of("messages", List.of(Message.human(text)));
  }

  static List<SpanData> named(Otel otel, String name) {
    return otel.finished().stream().filter(s -> s.getName().equals(name)).toList();
  }

  @Test
  void everyModelAndToolCallOfATracedAgentIsAGenAiSpanWithoutMiddleware() {
    try (Otel otel = new Otel()) {
      CompiledGraph agent = agent(otel, otel.telemetry, twoTurns(), false);
      var out = agent.invoke(ask("Weather in Oslo?"), RunConfig.thread("t-1"));

      List<SpanData> chats = named(otel, "chat ScriptedChatModel");
      assertEquals(2, chats.size(), "one span per model call: " + otel.finished().stream().map(SpanData::getName).toList());
      SpanData first = chats.getFirst();
      SpanData last = chats.getLast();
      assertEquals(SpanKind.CLIENT, first.getKind());
      assertEquals("chat", first.getAttributes().get(OPERATION));
      assertEquals(GenAiCalls.UNKNOWN_PROVIDER, first.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name")));
      assertEquals("ScriptedChatModel", first.getAttributes().get(AttributeKey.stringKey("gen_ai.request.model")));
      assertEquals("ScriptedChatModel", first.getAttributes().get(AttributeKey.stringKey("gen_ai.response.model")));
      assertEquals("t-1", first.getAttributes().get(AttributeKey.stringKey("gen_ai.conversation.id")));
      assertEquals(List.of("tool_call"), first.getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")));
      assertEquals(List.of("stop"), last.getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")));
      assertEquals(120L, first.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")));
      assertEquals(9L, last.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens")));
      Message answer = (Message) ((List<?>) out.get("messages")).getLast();
      assertEquals(answer.id(), last.getAttributes().get(AttributeKey.stringKey("gen_ai.response.id")),
          "the response id is the id the answer is stored under");

      SpanData run = otel.span("invoke_agent weather");
      List<String> modelNodes = named(otel, "model").stream().map(SpanData::getSpanId).toList();
      assertTrue(chats.stream().allMatch(c -> modelNodes.contains(c.getParentSpanId())), "each model call nests in its node's span");
      assertTrue(named(otel, "model").stream().allMatch(n -> n.getParentSpanId().equals(run.getSpanId())));

      SpanData tool = otel.span("execute_tool weather");
      assertEquals(SpanKind.INTERNAL, tool.getKind());
      assertEquals("execute_tool", tool.getAttributes().get(OPERATION));
      assertEquals("weather", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")));
      assertEquals("c1", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id")));
      assertEquals("current weather in a city", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.description")));
      assertEquals(otel.span("tools").getSpanId(), tool.getParentSpanId(),
          "the tool runs on its own virtual thread yet nests in the tools node's span");
      assertEquals(run.getTraceId(), tool.getTraceId());

      List<HistogramPointData> tokens = List.copyOf(otel.metric("gen_ai.client.token.usage").getHistogramData().getPoints());
      assertEquals(120 + 160, sum(tokens, "input"));
      assertEquals(15 + 9, sum(tokens, "output"));
      long calls = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints().stream()
          .mapToLong(HistogramPointData::getCount).sum();
      assertEquals(2, calls, "one duration per model call");
    }
  }

  static long sum(List<HistogramPointData> points, String type) {
    return points.stream().filter(p -> type.equals(p.getAttributes().get(AttributeKey.stringKey("gen_ai.token.type"))))
        .mapToLong(p -> (long) p.getSum()).sum();
  }

  @Test
  void anExplicitOtelMiddlewareLeavesOneSpanPerCall() {
    try (Otel otel = new Otel()) {
      agent(otel, otel.telemetry, twoTurns(), true).invoke(ask("Weather in Oslo?"), RunConfig.thread("t"));
      assertEquals(2, named(otel, "chat ScriptedChatModel").size());
      assertEquals(1, named(otel, "execute_tool weather").size());
      long calls = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints().stream()
          .mapToLong(HistogramPointData::getCount).sum();
      assertEquals(2, calls, "each call is measured once");
    }
  }

  @Test
  void messageContentIsNotRecordedByDefault() {
    try (Otel otel = new Otel()) {
      assertTrue(!otel.telemetry.capturesMessageContent(), "off unless " + TrellisTelemetry.CAPTURE_MESSAGE_CONTENT_ENV + " says so");
      agent(otel, otel.telemetry, twoTurns(), false).invoke(ask("Weather in Oslo?"), RunConfig.thread("t"));
      for (SpanData s : otel.finished()) {
        s.getAttributes().forEach((k, v) -> assertTrue(!k.getKey().endsWith("messages") && !k.getKey().startsWith("gen_ai.tool.call.a")
            && !k.getKey().equals("gen_ai.tool.call.result"), s.getName() + " records " + k));
      }
    }
  }

  @Test
  void messageContentIsRecordedWhenCaptureIsOn() {
    try (Otel otel = new Otel()) {
      TrellisTelemetry capturing = otel.telemetry.withMessageContent(true);
      agent(otel, capturing, twoTurns(), false).invoke(ask("Weather in Oslo?"), RunConfig.thread("t"));
      List<SpanData> chats = named(otel, "chat ScriptedChatModel");
      assertEquals("[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"content\":\"Weather in Oslo?\"}]}]",
          chats.getFirst().getAttributes().get(AttributeKey.stringKey("gen_ai.input.messages")));
      assertEquals("[{\"role\":\"assistant\",\"parts\":[{\"type\":\"tool_call\",\"id\":\"c1\",\"name\":\"weather\","
              + "\"arguments\":{\"city\":\"Oslo\"}}],\"finish_reason\":\"tool_call\"}]",
          chats.getFirst().getAttributes().get(AttributeKey.stringKey("gen_ai.output.messages")));
      assertTrue(chats.getLast().getAttributes().get(AttributeKey.stringKey("gen_ai.input.messages"))
          .contains("{\"role\":\"tool\",\"parts\":[{\"type\":\"tool_call_response\",\"id\":\"c1\",\"response\":\"sunny in Oslo\"}]}"));
      SpanData tool = otel.span("execute_tool weather");
      assertEquals("{\"city\":\"Oslo\"}", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.arguments")));
      assertEquals("\"sunny in Oslo\"", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.result")));
    }
  }

  @Test
  void aFailedModelCallIsAnErrorSpanNamingTheErrorType() {
    try (Otel otel = new Otel()) {
      ChatModel broken = request -> {
        throw new java.io.IOException("connection reset");
      };
      CompiledGraph agent = agent(otel, otel.telemetry, broken, false);
      assertThrows(RuntimeException.class, () -> agent.invoke(ask("hi"), RunConfig.thread("t")));
      SpanData chat = otel.finished().stream().filter(s -> s.getName().startsWith("chat ")).findFirst().orElseThrow();
      assertEquals(StatusCode.ERROR, chat.getStatus().getStatusCode());
      assertEquals("java.io.IOException", chat.getAttributes().get(AttributeKey.stringKey("error.type")));
      var point = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints().iterator().next();
      assertEquals("java.io.IOException", point.getAttributes().get(AttributeKey.stringKey("error.type")));
    }
  }

  @Test
  void aFailedToolCallIsTimedNamingTheErrorType() {
    try (Otel otel = new Otel()) {
      Tool broken = Tool.of(new ToolSpec("weather", "current weather in a city", null), (a, ctx) -> {
        throw new java.net.ConnectException("weather service down");
      });
      CompiledGraph agent = Agent.builder(twoTurns()).tools(broken).compile(CompileOptions.checkpointer(new InMemorySaver())
          .withName("weather").withListeners(otel.telemetry.listener()));
      assertThrows(RuntimeException.class, () -> agent.invoke(ask("Oslo?"), RunConfig.thread("t")));
      SpanData tool = otel.span("execute_tool weather");
      assertEquals(StatusCode.ERROR, tool.getStatus().getStatusCode());
      var points = otel.metric("gen_ai.execute_tool.duration").getHistogramData().getPoints();
      assertEquals(1, points.size(), points.toString());
      HistogramPointData point = points.iterator().next();
      assertEquals(1, point.getCount());
      assertEquals("java.net.ConnectException", point.getAttributes().get(AttributeKey.stringKey("error.type")));
      assertEquals("weather", point.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")));
    }
  }

  @Test
  void whatTheAdapterReportsOfTheResponseIsRecorded() {
    try (Otel otel = new Otel()) {
      ChatModel provider = new ChatModel() {
        @Override
        public Message.Ai chat(ChatRequest request) {
          Observed.responded(new ResponseInfo("chatcmpl-42", "gpt-4o-2024-08-06", List.of("length")));
          return new Message.Ai(null, "It is", List.of(), new Message.Usage(10, 2));
        }

        @Override
        public String provider() {
          return "openai";
        }

        @Override
        public String name() {
          return "gpt-4o";
        }
      };
      agent(otel, otel.telemetry, provider, false).invoke(ask("Weather?"), RunConfig.thread("t"));
      SpanData chat = otel.span("chat gpt-4o");
      assertEquals("openai", chat.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name")));
      assertEquals("gpt-4o-2024-08-06", chat.getAttributes().get(AttributeKey.stringKey("gen_ai.response.model")));
      assertEquals("chatcmpl-42", chat.getAttributes().get(AttributeKey.stringKey("gen_ai.response.id")));
      assertEquals(List.of("length"), chat.getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")));
    }
  }

  @Test
  void aModelANodeCallsItselfIsTracedInsideTheNode() {
    try (Otel otel = new Otel()) {
      ChatModel model = Observed.model(ScriptedChatModel.replies(Message.ai("bonjour")));
      Key<String> said = Key.of("said", String.class);
      CompiledGraph graph = StateGraph.of(Schema.of(said))
          .addNode("translate", (s, rt) -> Update.of(said, model.chat(new ChatRequest(List.of(Message.human("hello")),
              List.of())).text()))
          .addEdge(StateGraph.START, "translate")
          .compile(CompileOptions.DEFAULT.withName("translator").withListeners(otel.telemetry.listener()));
      assertEquals("bonjour", graph.invoke(Map.of()).get("said"));
      assertEquals(otel.span("translate").getSpanId(), otel.span("chat ScriptedChatModel").getParentSpanId());
      assertEquals(1, named(otel, "chat ScriptedChatModel").size(), "the wrapped model's own call is not a second span");
    }
  }

  @Test
  void callsOutsideATracedRunAreNotRecordedWithoutAGlobalSdk() throws Exception {
    try (Otel otel = new Otel()) {
      Observed.chat(ScriptedChatModel.replies(Message.ai("hi")), new ChatRequest(List.of(Message.human("x")), List.of()));
      assertEquals(List.of(), otel.finished());
      assertNull(io.opentelemetry.api.trace.Span.current().getSpanContext().isValid() ? "a span" : null);
    }
  }

  @Test
  void theRunSpanNamesTheProviderOfItsModelWhenTheModelNamesOne() {
    try (Otel otel = new Otel()) {
      ScriptedChatModel named = new ScriptedChatModel(r -> Message.ai("hi"), "anthropic");
      agent(otel, otel.telemetry, named, false).invoke(ask("Hello?"), RunConfig.thread("t-p1"));
      SpanData run = otel.span("invoke_agent weather");
      assertEquals("anthropic", run.getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name")));
      assertEquals("anthropic", named(otel, "chat ScriptedChatModel").getFirst().getAttributes()
          .get(AttributeKey.stringKey("gen_ai.provider.name")));
    }
    try (Otel otel = new Otel()) {
      agent(otel, otel.telemetry, ScriptedChatModel.replies(Message.ai("hi")), false).invoke(ask("Hello?"), RunConfig.thread("t-p2"));
      assertNull(otel.span("invoke_agent weather").getAttributes().get(AttributeKey.stringKey("gen_ai.provider.name")),
          "an unknown provider is not claimed for the run");
    }
  }
}
