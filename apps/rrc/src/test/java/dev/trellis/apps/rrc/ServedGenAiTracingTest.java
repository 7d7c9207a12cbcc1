package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * usage, and the GenAI metrics count it.
 */
class ServedGenAiTracingTest {
  @Test
  void anExecutionsModelCallsAreChatSpansInsideTheRun() throws Exception {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    InMemoryMetricReader metrics = InMemoryMetricReader.create();
    Path dir = Files.createTempDirectory("rrc-otel");
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
             .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
             .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build()).build();
         TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("server.db"))
             .openTelemetry(sdk)
             .provider(new RrcProvider(app -> new RrcDeps(new PlannerModel(), JdbcApprovals.open(app.database(),
                 Clock.systemUTC()), Skills.open(app.database(), Clock.systemUTC()), KnowledgeGraph.open(app.database()),
                 ToolBindings.bundled(), AgentConfigs.bundled(), new Tracing(sdk), Clock.systemUTC())))
             .start()) {
      Http.Reply r = new Http(server.port()).post("/runs/wait", Map.of("assistant_id", RrcGraph.ASSISTANT, "input",
          Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H")));
      assertEquals(200, r.status(), r.text());

      List<SpanData> all = spans.getFinishedSpanItems();
      SpanData run = all.stream().filter(s -> s.getName().equals("invoke_agent rrc")).findFirst().orElseThrow();
      List<SpanData> chats = all.stream().filter(s -> s.getName().startsWith("chat ")).toList();
      assertFalse(chats.isEmpty(), "the execution's model calls are traced: " + all.stream().map(SpanData::getName).toList());
      for (SpanData chat : chats) {
        assertEquals("chat " + PlannerModel.NAME, chat.getName());
        assertTrue(chat.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")) > 0);
        SpanData node = all.stream().filter(s -> s.getSpanId().equals(chat.getParentSpanId())).findFirst().orElseThrow();
        assertTrue(node.getName().endsWith("_llm_call"), "a model call nests in its node: " + node.getName());
        assertEquals(run.getSpanId(), node.getParentSpanId(), "the node nests in the run");
        assertEquals(1, chats.stream().filter(c -> c.getParentSpanId().equals(node.getSpanId())).count(),
            "one span per call: the app's GenAI middleware and the automatic instrumentation of its model make one");
      }
      MetricData duration = metrics.collectAllMetrics().stream()
          .filter(m -> m.getName().equals("gen_ai.client.operation.duration")).findFirst().orElseThrow();
      assertEquals(chats.size(), duration.getHistogramData().getPoints().stream().mapToLong(HistogramPointData::getCount).sum());
    }
  }
}
