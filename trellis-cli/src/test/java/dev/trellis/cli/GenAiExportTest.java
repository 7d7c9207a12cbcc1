package dev.trellis.cli;

import static dev.trellis.cli.OtlpReceiver.attr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trellis serve}, configured the way a user configures it (the standard {@code OTEL_*}
 * variables naming an OTLP/HTTP protobuf collector), exports GenAI spans and metrics for every
 * model and tool call of what it serves — the demo agent and a reference application — with no
 * wiring in the graphs; a real OTLP receiver decodes them.
 */
class GenAiExportTest {
  @TempDir
  Path dir;

  /** The environment of a user pointing trellis serve at {@code collector}; content capture unset. */
  static Map<String, String> otel(OtlpReceiver collector) {
    Map<String, String> env = new HashMap<>();
    env.put("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint());
    env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
    env.put("OTEL_METRIC_EXPORT_INTERVAL", "500");
    env.put("OTEL_BSP_SCHEDULE_DELAY", "100");
    env.put("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", null);
    return env;
  }

  static Map<String, Object> askWeather(String city) {
    return Map.of("messages", List.of(Map.of("role", "user", "content", city)));
  }

  @Test
  void aServedAgentAndAnAppExportGenAiSpansAndMetrics() throws Exception {
    // a project's config: the demo agent, and every GraphProvider on the class path (the reference apps)
    Files.writeString(dir.resolve("trellis.json"),
        "{\"graphs\": {\"agent\": \"dev.trellis.cli.DemoAgent#build\"}, \"discover_providers\": true}");
    try (OtlpReceiver collector = new OtlpReceiver();
         CliProcess cli = CliProcess.start(dir, otel(collector), "serve", "--config", "trellis.json", "--db", "t.db")) {
      Map<String, Object> out = cli.await("the demo agent", () -> cli.http().runWait("agent", askWeather("Oslo")), o -> o != null);
      Map<String, Object> rrc = cli.http().runWait("rrc", Map.of("agent_type", "general", "execution_id",
          UUID.randomUUID().toString(), "metadata", Map.of(), "input", "What does Rule 37 govern?"));
      assertTrue(rrc.containsKey("messages"), "the rrc execution ran: " + rrc);
      cli.await("the agent's and the app's spans and the GenAI metrics",
          () -> collector.named("execute_tool weather").size() + "/" + collector.named("chat rrc-planner").size() + "/"
              + metric(collector, "gen_ai.client.token.usage") + "/" + collector.named("invoke_agent agent").size(),
          s -> !s.startsWith("0/") && !s.contains("/0/") && !s.contains("null") && !s.endsWith("/0"));
      assertEquals(List.of(), collector.refused);

      Span run = collector.named("invoke_agent agent").getFirst();
      assertEquals("invoke_agent", attr(run, "gen_ai.operation.name"));
      assertEquals("agent", attr(run, "gen_ai.agent.name"));
      List<Span> chats = collector.named("chat ScriptedChatModel").stream()
          .filter(s -> s.getTraceId().equals(run.getTraceId()))
          .sorted(Comparator.comparingLong(Span::getStartTimeUnixNano)).toList();
      assertEquals(2, chats.size(), "the agent's two model calls, once each");
      for (Span chat : chats) {
        assertEquals(Span.SpanKind.SPAN_KIND_CLIENT, chat.getKind());
        assertEquals("chat", attr(chat, "gen_ai.operation.name"));
        assertEquals("_OTHER", attr(chat, "gen_ai.provider.name"));
        assertEquals("ScriptedChatModel", attr(chat, "gen_ai.request.model"));
        assertEquals("ScriptedChatModel", attr(chat, "gen_ai.response.model"));
        Span node = collector.byId(chat.getParentSpanId());
        assertEquals("model", node.getName(), "a model call nests in the model node's span");
        assertEquals(run.getSpanId(), node.getParentSpanId(), "the node nests in the run's invoke_agent span");
        assertNull(attr(chat, "gen_ai.input.messages"), "no message content by default");
        assertNull(attr(chat, "gen_ai.output.messages"), "no message content by default");
      }
      assertEquals(List.of("tool_call"), attr(chats.getFirst(), "gen_ai.response.finish_reasons"));
      assertEquals(List.of("stop"), attr(chats.getLast(), "gen_ai.response.finish_reasons"));
      @SuppressWarnings("unchecked")
      Map<String, Object> answer = (Map<String, Object>) ((List<?>) out.get("messages")).getLast();
      assertEquals(answer.get("id"), attr(chats.getLast(), "gen_ai.response.id"), "the answer's id is the response id");

      Span tool = collector.named("execute_tool weather").getFirst();
      assertEquals("execute_tool", attr(tool, "gen_ai.operation.name"));
      assertEquals("weather", attr(tool, "gen_ai.tool.name"));
      @SuppressWarnings("unchecked")
      Map<String, Object> asked = (Map<String, Object>) ((List<?>) ((Map<String, Object>) ((List<?>) out.get("messages"))
          .get(1)).get("tool_calls")).getFirst();
      assertEquals(asked.get("id"), attr(tool, "gen_ai.tool.call.id"));
      assertNull(attr(tool, "gen_ai.tool.call.arguments"), "no tool arguments by default");
      Span tools = collector.byId(tool.getParentSpanId());
      assertEquals("tools", tools.getName(), "the tool, run on its own thread, nests in the tools node's span");
      assertEquals(run.getSpanId(), tools.getParentSpanId());

      Span rrcChat = collector.named("chat rrc-planner").getFirst();
      assertEquals("chat", attr(rrcChat, "gen_ai.operation.name"));
      assertTrue((Long) attr(rrcChat, "gen_ai.usage.input_tokens") > 0, "the app's call reports its usage");
      Span rrcNode = collector.byId(rrcChat.getParentSpanId());
      assertEquals(1, collector.startingWith("chat ").stream().filter(s -> s.getParentSpanId().equals(rrcNode.getSpanId())).count(),
          "the app's explicit GenAI middleware and the automatic instrumentation make one span per call, not two");
      assertTrue(collector.startingWith("chat ").stream().noneMatch(c -> collector.spans.stream()
          .anyMatch(p -> p.getSpanId().equals(c.getParentSpanId()) && p.getName().startsWith("chat "))), "no chat span inside another");
      assertEquals("invoke_agent rrc", collector.byId(rrcNode.getParentSpanId()).getName(),
          "the app's model call nests in its node inside the run");

      Metric tokens = metric(collector, "gen_ai.client.token.usage");
      assertTrue(tokens.hasHistogram(), "token usage is a histogram");
      assertEquals(java.util.Set.of("input", "output"), tokens.getHistogram().getDataPointsList().stream()
          .map(p -> attr(p.getAttributesList(), "gen_ai.token.type")).collect(java.util.stream.Collectors.toSet()));
      Metric duration = metric(collector, "gen_ai.client.operation.duration");
      assertEquals("s", duration.getUnit());
      assertTrue(duration.getHistogram().getDataPointsList().stream()
          .anyMatch(p -> "ScriptedChatModel".equals(attr(p.getAttributesList(), "gen_ai.request.model"))));
    }
  }

  @Test
  void messageContentIsExportedWhenTrellisJsonTurnsItOn() throws Exception {
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"agent": "dev.trellis.cli.DemoAgent#build"},
         "env": {"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "true"}}""");
    try (OtlpReceiver collector = new OtlpReceiver();
         CliProcess cli = CliProcess.start(dir, otel(collector), "serve", "--config", "trellis.json", "--db", "t.db")) {
      cli.await("the demo agent", () -> cli.http().runWait("agent", askWeather("Bergen")), o -> o != null);
      cli.await("the tool's span", () -> collector.named("execute_tool weather").size(), n -> n > 0);
      List<Span> chats = collector.named("chat ScriptedChatModel").stream()
          .sorted(Comparator.comparingLong(Span::getStartTimeUnixNano)).toList();
      assertEquals("[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"content\":\"Bergen\"}]}]",
          attr(chats.getFirst(), "gen_ai.input.messages"));
      String output = (String) attr(chats.getLast(), "gen_ai.output.messages");
      assertTrue(output.contains("\"content\":\"The weather tool says: sunny and 21°C in Bergen.\"")
          && output.contains("\"finish_reason\":\"stop\""), output);
      Span tool = collector.named("execute_tool weather").getFirst();
      assertEquals("{\"city\":\"Bergen\"}", attr(tool, "gen_ai.tool.call.arguments"));
      assertEquals("\"sunny and 21°C in Bergen\"", attr(tool, "gen_ai.tool.call.result"));
      assertFalse(collector.spans.isEmpty());
    }
  }

  static Metric metric(OtlpReceiver collector, String name) {
    return collector.metrics.stream().filter(m -> m.getName().equals(name)).reduce((a, b) -> b).orElse(null);
  }
}
