package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.server.TrellisServer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * rrc served by a traced server (as {@code trellis serve} with {@code OTEL_EXPORTER_OTLP_ENDPOINT}
 * runs it, here with the real SDK's in-memory exporter): each model call of an execution is one
 * GenAI {@code chat} span inside its node's span inside the run's {@code invoke_agent} span, with
 * usage, and the GenAI metrics count it; each tool its tool loop runs is one {@code execute_tool}
 * span inside the {@code tool_node} span.
 */
class ServedGenAiTracingTest {
  private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  @Test
  void anExecutionsModelCallsAreChatSpansInsideTheRun() throws Exception {
    List<MetricData> metrics = new java.util.ArrayList<>();
    List<SpanData> all = served(new PlannerModel(), metrics,
        Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"));
    SpanData run = run(all);
    List<SpanData> chats = all.stream().filter(s -> s.getName().startsWith("chat ")).toList();
    assertFalse(chats.isEmpty(), "the execution's model calls are traced: " + all.stream().map(SpanData::getName).toList());
    for (SpanData chat : chats) {
      assertEquals("chat " + PlannerModel.NAME, chat.getName());
      assertTrue(chat.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")) > 0);
      SpanData node = parent(all, chat);
      assertTrue(node.getName().endsWith("_llm_call"), "a model call nests in its node: " + node.getName());
      assertEquals(run.getSpanId(), node.getParentSpanId(), "the node nests in the run");
      assertEquals(1, chats.stream().filter(c -> c.getParentSpanId().equals(node.getSpanId())).count(),
          "one span per call: the app's GenAI middleware and the automatic instrumentation of its model make one");
    }
    MetricData duration = metrics.stream()
        .filter(m -> m.getName().equals("gen_ai.client.operation.duration")).findFirst().orElseThrow();
    assertEquals(chats.size(), duration.getHistogramData().getPoints().stream().mapToLong(HistogramPointData::getCount).sum());
  }

  @Test
  void eachToolTheToolLoopRunsIsAnExecuteToolSpanInsideTheToolNode() throws Exception {
    List<SpanData> all = served(new PlannerModel(), new java.util.ArrayList<>(),
        Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"));
    SpanData run = run(all);
    List<SpanData> tools = all.stream().filter(s -> s.getName().startsWith("execute_tool ")).toList();
    List<String> names = tools.stream().map(s -> s.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).toList();
    assertTrue(names.containsAll(List.of("entity_resolve", "context_assemble")),
        "the planner's tool calls are traced: " + all.stream().map(SpanData::getName).toList());
    for (SpanData tool : tools) {
      assertEquals("execute_tool " + tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")), tool.getName());
      assertEquals("execute_tool", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")));
      assertFalse(tool.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id")).isEmpty());
      assertEquals(null, tool.getAttributes().get(ERROR_TYPE), "a tool that ran is no error: " + tool);
      SpanData node = parent(all, tool);
      assertEquals(Routing.TOOL_NODE, node.getName(), "a tool call nests in the tool node");
      assertEquals(run.getSpanId(), node.getParentSpanId(), "the node nests in the run");
    }
    assertEquals(tools.stream().map(s -> s.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id"))).distinct().count(),
        tools.size(), "one span per call");
  }

  @Test
  void aFailedToolCallsSpanCarriesTheErrorType() throws Exception {
    ChatModel model = ScriptedChatModel.replies(new Message.Ai(null, "", List.of(new Message.ToolCall("c1",
        "gas_analysis", Map.of("api", "42-389-20001"))), null), Message.ai("ok"));
    List<SpanData> all = served(model, new java.util.ArrayList<>(), Fixture.input("rule_37", "hi"));
    SpanData tool = all.stream().filter(s -> s.getName().equals("execute_tool gas_analysis")).findFirst()
        .orElseThrow(() -> new AssertionError("no span for the failed call: " + all.stream().map(SpanData::getName).toList()));
    assertEquals(IllegalArgumentException.class.getName(), tool.getAttributes().get(ERROR_TYPE));
    assertEquals(io.opentelemetry.api.trace.StatusCode.ERROR, tool.getStatus().getStatusCode());
    assertEquals(Routing.TOOL_NODE, parent(all, tool).getName());
  }

  /**
   * The finished spans of one /runs/wait of rrc with {@code model}, served by a server traced with
   * the real SDK; the metrics it recorded are added to {@code metrics}.
   */
  private static List<SpanData> served(ChatModel model, List<MetricData> metrics, Map<String, Object> input)
      throws Exception {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    InMemoryMetricReader reader = InMemoryMetricReader.create();
    Path dir = Files.createTempDirectory("rrc-otel");
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
             .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
             .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build()).build();
         TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("server.db"))
             .openTelemetry(sdk)
             .provider(new RrcProvider(app -> new RrcDeps(model, JdbcApprovals.open(app.database(),
                 Clock.systemUTC()), Skills.open(app.database(), Clock.systemUTC()), KnowledgeGraph.open(app.database()),
                 ToolBindings.bundled(), AgentConfigs.bundled(), new Tracing(sdk), Clock.systemUTC())))
             .start()) {
      Http.Reply r = new Http(server.port()).post("/runs/wait", Map.of("assistant_id", RrcGraph.ASSISTANT, "input", input));
      assertEquals(200, r.status(), r.text());
      metrics.addAll(reader.collectAllMetrics());
      return spans.getFinishedSpanItems();
    }
  }

  private static SpanData run(List<SpanData> all) {
    return all.stream().filter(s -> s.getName().equals("invoke_agent rrc")).findFirst().orElseThrow();
  }

  private static SpanData parent(List<SpanData> all, SpanData child) {
    return all.stream().filter(s -> s.getSpanId().equals(child.getParentSpanId())).findFirst()
        .orElseThrow(() -> new AssertionError("no parent for " + child.getName()));
  }
}
