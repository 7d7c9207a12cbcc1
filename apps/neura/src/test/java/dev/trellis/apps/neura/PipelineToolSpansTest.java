package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.otel.TrellisTelemetry;
import dev.trellis.pipeline.InMemorySkipStore;
import dev.trellis.pipeline.ToolException;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A traced neura turn (the run listener {@code trellis serve} gives every run, with the real
 * SDK's in-memory exporter): each tool its context pipeline runs — on the pipeline's own worker
 * threads — is one {@code execute_tool} span inside the {@code context_assembly} node's span.
 */
class PipelineToolSpansTest {
  private static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");

  @Test
  void eachPipelineToolOfATurnIsAnExecuteToolSpanInsideTheAssemblyNode() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build()) {
      NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore());
      var graph = NeuraTurn.graph(CompileOptions.DEFAULT.withListeners(TrellisTelemetry.create(sdk).listener()), deps);
      graph.invoke(Map.of("message", "I've had bad anxiety and insomnia for weeks", "patient_id", "pat-1", "turn_id", "t1"),
          RunConfig.DEFAULT.withContext(deps));

      List<SpanData> all = spans.getFinishedSpanItems();
      List<SpanData> tools = all.stream().filter(s -> s.getName().startsWith("execute_tool ")).toList();
      assertEquals(Set.of("client_signal", "provider_genome", "patient_context", "therapeutic_fit", "session_narrative"),
          tools.stream().map(s -> s.getAttributes().get(TOOL_NAME)).collect(Collectors.toSet()),
          "every pipeline tool of the turn is traced: " + all.stream().map(SpanData::getName).toList());
      assertEquals(5, tools.size(), "one span per tool call");
      for (SpanData tool : tools) {
        assertEquals("execute_tool", tool.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")));
        assertNull(tool.getAttributes().get(AttributeKey.stringKey("error.type")), tool.toString());
        SpanData node = all.stream().filter(s -> s.getSpanId().equals(tool.getParentSpanId())).findFirst()
            .orElseThrow(() -> new AssertionError("no parent for " + tool.getName()));
        assertEquals("context_assembly", node.getName(), "a pipeline tool nests in the node that ran the pipeline");
      }
    }
  }

  @Test
  void aFailedPipelineToolsSpanCarriesTheErrorType() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build()) {
      NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore()).withTool("therapeutic_fit", args -> {
        throw new ToolException(503, "retrieval index unavailable");
      });
      var graph = NeuraTurn.graph(CompileOptions.DEFAULT.withListeners(TrellisTelemetry.create(sdk).listener()), deps);
      graph.invoke(Map.of("message", "anxiety", "patient_id", "pat-1", "turn_id", "f1"), RunConfig.DEFAULT.withContext(deps));

      List<SpanData> fit = spans.getFinishedSpanItems().stream()
          .filter(s -> s.getName().equals("execute_tool therapeutic_fit")).toList();
      assertEquals(1, fit.size(), "its three attempts are one call");
      assertEquals(ToolException.class.getName(), fit.getFirst().getAttributes().get(AttributeKey.stringKey("error.type")));
    }
  }
}
