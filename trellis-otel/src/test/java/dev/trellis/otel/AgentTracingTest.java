package dev.trellis.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentTracingTest {
  @Test
  void modelAndToolCallsAreGenAiSpansInsideTheirNodes() {
    try (Otel otel = new Otel()) {
      Tool weather = Tool.of(new ToolSpec("weather", "current weather in a city", null),
          (a, ctx) -> "sunny in " + a.get("city"));
      ScriptedChatModel model = ScriptedChatModel.replies(
          new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "weather", Map.of("city", "Oslo"))),
              new Message.Usage(120, 15)),
          new Message.Ai(null, "It is sunny in Oslo.", List.of(), new Message.Usage(160, 9)));
      CompiledGraph agent = Agent.builder(model).tools(weather).middleware(otel.telemetry.middleware())
          .compile(CompileOptions.checkpointer(new InMemorySaver()).withName("weather")
              .withListeners(otel.telemetry.listener()));
      agent.invoke(Map.of("messages", List.of(Message.human("Weather in Oslo?"))), RunConfig.thread("t"));

      List<SpanData> chats = otel.finished().stream().filter(s -> s.getName().equals("chat ScriptedChatModel")).toList();
      assertEquals(2, chats.size(), "one span per model call");
      SpanData first = chats.getFirst();
      assertEquals("chat", first.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")));
      assertEquals("ScriptedChatModel", first.getAttributes().get(AttributeKey.stringKey("gen_ai.request.model")));
      assertEquals(120L, first.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")));
      assertEquals(15L, first.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens")));
      List<String> modelNodeSpans = otel.finished().stream().filter(s -> s.getName().equals("model"))
          .map(SpanData::getSpanId).toList();
      assertTrue(chats.stream().allMatch(c -> modelNodeSpans.contains(c.getParentSpanId())),
          "each model call nests in the model node's span");

      SpanData tool = otel.span("execute_tool weather");
      assertEquals("weather", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")));
      assertEquals("c1", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id")));
      assertEquals(otel.span("tools").getSpanId(), tool.getParentSpanId(),
          "the tool runs on its own thread yet nests in the tools node's span");
      assertEquals(otel.span("invoke_agent weather").getTraceId(), tool.getTraceId());

      long tokens = otel.metric("gen_ai.client.token.usage").getHistogramData().getPoints().stream()
          .mapToLong(p -> (long) p.getSum()).sum();
      assertEquals(120 + 15 + 160 + 9, tokens);
    }
  }

  @Test
  void aToolPausingForAHumanIsNoFailedSpan() {
    try (Otel otel = new Otel()) {
      Tool ask = Tool.of(new ToolSpec("ask", "asks a human", null), (a, ctx) -> ctx.runtime().interrupt("ok?"));
      ScriptedChatModel model = ScriptedChatModel.replies(
          new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "ask", Map.of())), null), Message.ai("thanks"));
      Agent.builder(model).tools(ask).middleware(otel.telemetry.middleware())
          .compile(CompileOptions.checkpointer(new InMemorySaver()).withListeners(otel.telemetry.listener()))
          .invoke(Map.of("messages", List.of(Message.human("go"))), RunConfig.thread("t"));
      SpanData tool = otel.span("execute_tool ask");
      assertEquals(io.opentelemetry.api.trace.StatusCode.UNSET, tool.getStatus().getStatusCode());
      assertEquals(true, tool.getAttributes().get(AttributeKey.booleanKey("trellis.interrupted")));
    }
  }

  @Test
  void aCallNamingItsModelIsTracedUnderThatModel() throws Exception {
    try (Otel otel = new Otel()) {
      ScriptedChatModel model = ScriptedChatModel.replies(new Message.Ai(null, "ok", List.of(), new Message.Usage(3, 1)));
      dev.trellis.agent.middleware.ModelRequest request = new dev.trellis.agent.middleware.ModelRequest(model, null,
          List.of(Message.human("hi")), List.of(), null, Map.of(dev.trellis.agent.model.ChatRequest.MODEL, "gpt-4o-mini"),
          null, null);
      otel.telemetry.middleware().wrapModelCall(request,
          r -> dev.trellis.agent.middleware.ModelResponse.of(r.model().chat(r.toChatRequest())));
      SpanData chat = otel.span("chat gpt-4o-mini");
      assertEquals("gpt-4o-mini", chat.getAttributes().get(AttributeKey.stringKey("gen_ai.request.model")));
      assertEquals(3L, chat.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")));
    }
  }
}
