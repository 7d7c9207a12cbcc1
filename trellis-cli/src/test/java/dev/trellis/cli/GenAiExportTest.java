package dev.trellis.cli;

import static dev.trellis.cli.OtlpReceiver.attr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.proto.metrics.v1.HistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trellis serve}, configured the way a user configures it (the standard {@code OTEL_*}
 * variables naming an OTLP/HTTP protobuf collector), exports GenAI spans and metrics for every
 * model and tool call of the agent it serves, with no wiring in the graph; a real OTLP receiver
 * decodes them. (The reference applications' spans through the server: rrc's
 * {@code ServedGenAiTracingTest}.)
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
  void aServedAgentExportsGenAiSpansAndMetrics() throws Exception {
    Files.writeString(dir.resolve("trellis.json"), "{\"graphs\": {\"agent\": \"dev.trellis.cli.DemoAgent#build\"}}");
    try (OtlpReceiver collector = new OtlpReceiver();
         CliProcess cli = CliProcess.start(dir, otel(collector), "serve", "--config", "trellis.json", "--db", "t.db")) {
      Map<String, Object> out = cli.await("the demo agent", () -> cli.http().runWait("agent", askWeather("Oslo")), o -> o != null);
      cli.await("the agent's spans, both model calls' durations and their tokens, the tool call's duration",
          () -> collector.named("execute_tool weather").size() + "/" + collector.named("invoke_agent agent").size() + "/"
              + chatCalls(collector) + "/" + tokens(collector, "input").size() + "/" + tokens(collector, "output").size()
              + "/" + toolCalls(collector),
          s -> s.equals("1/1/2/1/1/1"));
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

      assertMetricsMatchTheReportedUsage(collector, chats, out);
      assertTheToolCallIsTimed(collector, tool);
    }
  }

  /**
   * {@code gen_ai.execute_tool.duration}, the conventions' tool metric, times the tool call once, in
   * seconds no longer than its span, with the tool's name and type and the agent running it.
   */
  static void assertTheToolCallIsTimed(OtlpReceiver collector, Span tool) {
    Metric duration = metric(collector, "gen_ai.execute_tool.duration");
    assertEquals("s", duration.getUnit());
    assertTrue(duration.hasHistogram(), "the tool duration is a histogram");
    assertEquals(1, duration.getHistogram().getDataPointsCount(), duration.toString());
    HistogramDataPoint call = duration.getHistogram().getDataPoints(0);
    assertEquals(1, call.getCount());
    assertEquals(DURATION_BUCKETS, call.getExplicitBoundsList());
    assertEquals((tool.getEndTimeUnixNano() - tool.getStartTimeUnixNano()) / 1e9, call.getSum(), 1e-9,
        "the metric is the span's length, in seconds");
    assertEquals("execute_tool", attr(call.getAttributesList(), "gen_ai.operation.name"));
    assertEquals("weather", attr(call.getAttributesList(), "gen_ai.tool.name"));
    assertEquals("function", attr(call.getAttributesList(), "gen_ai.tool.type"));
    assertEquals("agent", attr(call.getAttributesList(), "gen_ai.agent.name"));
    assertNull(attr(call.getAttributesList(), "error.type"), "the tool call succeeded");
  }

  /** How many tool calls the latest export of {@code gen_ai.execute_tool.duration} counts. */
  static long toolCalls(OtlpReceiver collector) {
    Metric m = metric(collector, "gen_ai.execute_tool.duration");
    return m == null ? 0 : m.getHistogram().getDataPointsList().stream().mapToLong(HistogramDataPoint::getCount).sum();
  }

  /** The advised bucket boundaries of the GenAI conventions' client metrics. */
  static final List<Double> TOKEN_BUCKETS = List.of(1d, 4d, 16d, 64d, 256d, 1024d, 4096d, 16384d, 65536d, 262144d,
      1048576d, 4194304d, 16777216d, 67108864d);
  static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24,
      20.48, 40.96, 81.92);

  /**
   * {@code gen_ai.client.token.usage} counts, per token type, exactly the tokens the model reported in
   * its answers' {@code usage_metadata} (and its chat spans say the same per call);
   * {@code gen_ai.client.operation.duration} times each call once; both with the conventions'
   * attributes, units and bucket boundaries.
   */
  @SuppressWarnings("unchecked")
  static void assertMetricsMatchTheReportedUsage(OtlpReceiver collector, List<Span> chats, Map<String, Object> out) {
    List<Map<String, Object>> usage = ((List<Map<String, Object>>) out.get("messages")).stream()
        .filter(m -> "ai".equals(m.get("type"))).map(m -> (Map<String, Object>) m.get("usage_metadata")).toList();
    assertEquals(2, usage.size(), "two answers, each with the usage the model reported: " + out.get("messages"));
    for (int i = 0; i < 2; i++) {
      assertEquals(((Number) usage.get(i).get("input_tokens")).longValue(), attr(chats.get(i), "gen_ai.usage.input_tokens"));
      assertEquals(((Number) usage.get(i).get("output_tokens")).longValue(), attr(chats.get(i), "gen_ai.usage.output_tokens"));
    }
    Metric tokens = metric(collector, "gen_ai.client.token.usage");
    assertEquals("{token}", tokens.getUnit());
    assertTrue(tokens.hasHistogram(), "token usage is a histogram");
    for (String type : List.of("input", "output")) {
      HistogramDataPoint p = tokens(collector, type).getFirst();
      long reported = usage.stream().mapToLong(u -> ((Number) u.get(type + "_tokens")).longValue()).sum();
      assertEquals(2, p.getCount(), type + " tokens: one measurement per model call");
      assertEquals(reported, (long) p.getSum(), type + " tokens: what the model reported, summed");
      assertEquals(usage.stream().mapToLong(u -> ((Number) u.get(type + "_tokens")).longValue()).min().orElseThrow(),
          (long) p.getMin());
      assertEquals(TOKEN_BUCKETS, p.getExplicitBoundsList());
      assertEquals(2, p.getBucketCountsList().stream().mapToLong(Long::longValue).sum());
      assertConventionAttributes(p.getAttributesList());
    }
    Metric duration = metric(collector, "gen_ai.client.operation.duration");
    assertEquals("s", duration.getUnit());
    assertTrue(duration.hasHistogram(), "the operation duration is a histogram");
    HistogramDataPoint calls = duration.getHistogram().getDataPointsList().stream()
        .filter(p -> "ScriptedChatModel".equals(attr(p.getAttributesList(), "gen_ai.request.model"))).findFirst().orElseThrow();
    assertEquals(2, calls.getCount());
    assertEquals(DURATION_BUCKETS, calls.getExplicitBoundsList());
    assertTrue(calls.getSum() > 0 && calls.getSum() < 90, "seconds, not nanoseconds: " + calls.getSum());
    assertConventionAttributes(calls.getAttributesList());
    assertNull(attr(calls.getAttributesList(), "error.type"), "the calls succeeded");
  }

  static void assertConventionAttributes(List<io.opentelemetry.proto.common.v1.KeyValue> attributes) {
    assertEquals("chat", attr(attributes, "gen_ai.operation.name"));
    assertEquals("_OTHER", attr(attributes, "gen_ai.provider.name"));
    assertEquals("ScriptedChatModel", attr(attributes, "gen_ai.request.model"));
    assertEquals("ScriptedChatModel", attr(attributes, "gen_ai.response.model"));
  }

  /** The latest exported {@code gen_ai.client.token.usage} points of the demo's model for {@code type} (input, output). */
  static List<HistogramDataPoint> tokens(OtlpReceiver collector, String type) {
    Metric m = metric(collector, "gen_ai.client.token.usage");
    return m == null ? List.of() : m.getHistogram().getDataPointsList().stream()
        .filter(p -> "ScriptedChatModel".equals(attr(p.getAttributesList(), "gen_ai.request.model"))
            && type.equals(attr(p.getAttributesList(), "gen_ai.token.type")))
        .toList();
  }

  @Test
  void messageContentIsExportedWhenTrellisJsonTurnsItOn() throws Exception {
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"agent": "dev.trellis.cli.DemoAgent#build"},
         "env": {"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "true"}}""");
    try (OtlpReceiver collector = new OtlpReceiver();
         CliProcess cli = CliProcess.start(dir, otel(collector), "serve", "--config", "trellis.json", "--db", "t.db")) {
      assertContentExported(cli, collector);
    }
  }

  @Test
  void messageContentIsExportedWhenServeIsGivenTheCaptureFlag() throws Exception {
    Files.writeString(dir.resolve("trellis.json"), "{\"graphs\": {\"agent\": \"dev.trellis.cli.DemoAgent#build\"}}");
    try (OtlpReceiver collector = new OtlpReceiver();
         CliProcess cli = CliProcess.start(dir, otel(collector), "serve", "--config", "trellis.json", "--db", "t.db",
             "--otel-capture-content")) {
      assertContentExported(cli, collector);
    }
  }

  /** A run of the demo agent asked about Bergen exports its messages, its tool's arguments and result. */
  static void assertContentExported(CliProcess cli, OtlpReceiver collector) throws Exception {
    cli.await("the demo agent", () -> cli.http().runWait("agent", askWeather("Bergen")), o -> o != null);
    cli.await("the tool's span", () -> collector.named("execute_tool weather").size(), n -> n > 0);
    cli.await("both model calls' spans", () -> collector.named("chat ScriptedChatModel").size(), n -> n >= 2);
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
  }

  /** How many model calls of the demo's model the latest export of {@code gen_ai.client.operation.duration} counts. */
  static long chatCalls(OtlpReceiver collector) {
    Metric m = metric(collector, "gen_ai.client.operation.duration");
    return m == null ? 0 : m.getHistogram().getDataPointsList().stream()
        .filter(p -> "ScriptedChatModel".equals(attr(p.getAttributesList(), "gen_ai.request.model")))
        .mapToLong(p -> p.getCount()).sum();
  }

  static Metric metric(OtlpReceiver collector, String name) {
    return collector.metrics.stream().filter(m -> m.getName().equals(name)).reduce((a, b) -> b).orElse(null);
  }
}
