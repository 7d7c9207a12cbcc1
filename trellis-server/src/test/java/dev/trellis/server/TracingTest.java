package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** OpenTelemetry through the real server: a request's W3C traceparent becomes the parent of its run's span. */
class TracingTest {
  static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  static final String CALLER_SPAN = "00f067aa0ba902b7";

  @Test
  void runSpanContinuesTheTraceOfTheRequestThatCreatedIt() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
        .build();
    List<String> seen = new CopyOnWriteArrayList<>();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("s.db"))
        .openTelemetry(sdk).listener(e -> seen.add(e.getClass().getSimpleName())).start()) {
      HttpClientHelper traced = new HttpClientHelper("http://127.0.0.1:" + server.port(),
          Map.of("traceparent", "00-" + TRACE + "-" + CALLER_SPAN + "-01"));
      String thread = traced.call("POST", "/threads", Map.of()).get("thread_id");
      var reply = traced.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
      assertEquals(200, reply.status(), reply.text());
      String runId = reply.raw().headers().firstValue("Content-Location").orElseThrow().replaceAll(".*/runs/", "");

      SpanData run = spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("invoke_agent chain"))
          .findFirst().orElseThrow(() -> new AssertionError(spans.getFinishedSpanItems()));
      assertEquals(TRACE, run.getTraceId(), "the run joins the caller's trace");
      assertEquals(CALLER_SPAN, run.getParentSpanId(), "the caller's span is the run span's parent");
      assertEquals(runId, run.getAttributes().get(AttributeKey.stringKey("trellis.run_id")));
      assertEquals(thread, run.getAttributes().get(AttributeKey.stringKey("trellis.thread_id")));
      List<SpanData> nodes = spans.getFinishedSpanItems().stream()
          .filter(s -> s.getParentSpanId().equals(run.getSpanId())).toList();
      assertEquals(List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"),
          nodes.stream().map(SpanData::getName).sorted().toList(), "one node span per node, below the run span");
      assertTrue(nodes.stream().allMatch(s -> s.getTraceId().equals(TRACE)));
      assertTrue(seen.contains("RunStarted") && seen.contains("RunEnded"), "the server's own listener saw the run: " + seen);

      Map<?, ?> stored = (Map<?, ?>) new HttpClientHelper(server).call("GET", "/threads/" + thread + "/runs/" + runId, null)
          .map().get("kwargs");
      assertEquals(Map.of("traceparent", "00-" + TRACE + "-" + CALLER_SPAN + "-01"), stored.get("trace_context"),
          "the trace context is stored with the run, for whichever worker executes it");
    } finally {
      sdk.close();
    }
  }

  @Test
  void runWithoutTraceparentStartsItsOwnTrace() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
        .build();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("s.db"))
        .openTelemetry(sdk).start()) {
      var reply = new HttpClientHelper(server).call("POST", "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
      assertEquals(200, reply.status(), reply.text());
      SpanData run = spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("invoke_agent chain"))
          .findFirst().orElseThrow(() -> new AssertionError(spans.getFinishedSpanItems()));
      assertFalse(run.getParentSpanContext().isValid());
      assertEquals(io.opentelemetry.api.trace.StatusCode.UNSET, run.getStatus().getStatusCode());
    } finally {
      sdk.close();
    }
  }
}
