package dev.trellis.otel;

import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphTracingTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final Key<String> ANSWER = Key.of("answer", String.class);
  static final Schema SCHEMA = Schema.of(LOG, ANSWER);

  static StateGraph chain(String... nodes) {
    StateGraph g = StateGraph.of(SCHEMA);
    for (String n : nodes) {
      g.addNode(n, (s, rt) -> Update.of(LOG, List.of(n)));
    }
    List<String> seq = new java.util.ArrayList<>(List.of(START));
    seq.addAll(List.of(nodes));
    return g.addSequence(seq.toArray(String[]::new));
  }

  @Test
  void runSpanParentsOneSpanPerNode() {
    try (Otel otel = new Otel()) {
      CompiledGraph g = chain("a", "b").compile(CompileOptions.checkpointer(new InMemorySaver()).withName("chain")
          .withListeners(otel.telemetry.listener()));
      g.invoke(Map.of(), RunConfig.thread("t-1").withMetadata(Map.of("run_id", "r-1")));
      SpanData run = otel.span("invoke_agent chain");
      assertEquals("invoke_agent", run.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")));
      assertEquals("t-1", run.getAttributes().get(AttributeKey.stringKey("trellis.thread_id")));
      assertEquals("r-1", run.getAttributes().get(AttributeKey.stringKey("trellis.run_id")));
      assertFalse(run.getParentSpanContext().isValid(), "no caller span: the run is a root span");
      for (String node : List.of("a", "b")) {
        SpanData s = otel.span(node);
        assertEquals(run.getSpanId(), s.getParentSpanId(), node + " is a child of the run");
        assertEquals(run.getTraceId(), s.getTraceId());
        assertEquals(node, s.getAttributes().get(AttributeKey.stringKey("trellis.node")));
      }
      assertTrue(run.getEvents().stream().anyMatch(e -> e.getName().equals("checkpoint")));
    }
  }

  @Test
  void spansANodeStartsItselfAreChildrenOfTheNodeSpan() {
    try (Otel otel = new Otel()) {
      var tracer = otel.sdk.getTracer("user-code");
      CompiledGraph g = StateGraph.of(SCHEMA).addNode("fetch", (s, rt) -> {
        var own = tracer.spanBuilder("GET /weather").startSpan(); // no explicit parent: the current context's
        own.end();
        return Update.of(LOG, List.of("fetched"));
      }).addNode("after", (s, rt) -> Update.of(LOG, List.of("after")))
          .addSequence(START, "fetch", "after")
          .compile(CompileOptions.DEFAULT.withListeners(otel.telemetry.listener()));
      g.invoke(Map.of());
      SpanData own = otel.span("GET /weather");
      SpanData node = otel.span("fetch");
      assertEquals(node.getSpanId(), own.getParentSpanId(), "the user's span is a child of the node it ran in");
      assertEquals(node.getTraceId(), own.getTraceId());
      assertFalse(Span.current().getSpanContext().isValid(), "no node span stays current on the caller's thread");
    }
  }

  @Test
  void aSubgraphNodesOwnSpanIsAChildOfTheInnerNode() {
    try (Otel otel = new Otel()) {
      var tracer = otel.sdk.getTracer("user-code");
      CompiledGraph inner = StateGraph.of(SCHEMA).addNode("lookup", (s, rt) -> {
        tracer.spanBuilder("db query").startSpan().end();
        return Update.of(LOG, List.of("looked up"));
      }).addEdge(START, "lookup").compile(CompileOptions.DEFAULT.withName("inner"));
      CompiledGraph g = StateGraph.of(SCHEMA).addNode("sub", inner).addEdge(START, "sub")
          .compile(CompileOptions.DEFAULT.withListeners(otel.telemetry.listener()));
      g.invoke(Map.of());
      assertEquals(otel.span("lookup").getSpanId(), otel.span("db query").getParentSpanId());
      assertEquals(otel.span("sub").getSpanId(), otel.span("lookup").getParentSpanId());
    }
  }

  @Test
  void subgraphNodesNestUnderTheNodeThatRunsThem() {
    try (Otel otel = new Otel()) {
      CompiledGraph inner = chain("s1").compile(CompileOptions.DEFAULT.withName("inner"));
      CompiledGraph g = StateGraph.of(SCHEMA).addNode("sub", inner).addEdge(START, "sub")
          .compile(CompileOptions.DEFAULT.withListeners(otel.telemetry.listener()));
      g.invoke(Map.of());
      SpanData sub = otel.span("sub");
      SpanData s1 = otel.span("s1");
      assertEquals(sub.getSpanId(), s1.getParentSpanId());
      assertTrue(s1.getAttributes().get(AttributeKey.stringKey("trellis.namespace")).startsWith("sub:"));
    }
  }

  @Test
  void failedNodeMarksItsSpanAndTheRunAsErrors() {
    try (Otel otel = new Otel()) {
      CompiledGraph g = StateGraph.of(SCHEMA).addNode("boom", (s, rt) -> {
        throw new IllegalStateException("broken");
      }).addEdge(START, "boom").compile(CompileOptions.DEFAULT.withName("g").withListeners(otel.telemetry.listener()));
      assertThrows(NodeException.class, () -> g.invoke(Map.of()));
      assertEquals(StatusCode.ERROR, otel.span("boom").getStatus().getStatusCode());
      assertEquals(StatusCode.ERROR, otel.span("invoke_agent g").getStatus().getStatusCode());
      assertTrue(otel.span("boom").getEvents().stream().anyMatch(e -> e.getName().equals("exception")));
    }
  }

  @Test
  void runContinuesTheTraceOfAW3cTraceparent() {
    try (Otel otel = new Otel()) {
      String traceId = "0af7651916cd43dd8448eb211c80319c";
      String parentSpan = "b7ad6b7169203331";
      Context parent = otel.telemetry.extract(Map.of("TraceParent", "00-" + traceId + "-" + parentSpan + "-01"));
      CompiledGraph g = chain("a").compile(CompileOptions.DEFAULT.withName("g"));
      g.invoke(Map.of(), RunConfig.DEFAULT.withListeners(otel.telemetry.listener(parent)));
      SpanData run = otel.span("invoke_agent g");
      assertEquals(traceId, run.getTraceId());
      assertEquals(parentSpan, run.getParentSpanId());
      assertTrue(run.getParentSpanContext().isRemote());
      assertEquals(traceId, otel.span("a").getTraceId());
    }
  }

  @Test
  void injectWritesTheHeadersExtractReads() {
    try (Otel otel = new Otel()) {
      String header = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
      Map<String, String> out = otel.telemetry.inject(otel.telemetry.extract(Map.of("traceparent", header)));
      assertEquals(header, out.get("traceparent"));
      assertTrue(otel.telemetry.inject(Context.root()).isEmpty());
    }
  }

  @Test
  void runsStepsAndNodesAreMeasured() {
    try (Otel otel = new Otel()) {
      CompiledGraph g = chain("a", "b").compile(CompileOptions.DEFAULT.withName("g")
          .withListeners(otel.telemetry.listener()));
      g.invoke(Map.of());
      g.invoke(Map.of());
      var metrics = otel.metrics.collectAllMetrics();
      long runs = count(metrics, "trellis.run.duration");
      long steps = count(metrics, "trellis.step.duration");
      long tasks = count(metrics, "trellis.task.duration");
      assertEquals(2, runs);
      assertEquals(4, steps, "two node steps per run");
      assertEquals(4, tasks);
    }
  }

  static long count(java.util.Collection<io.opentelemetry.sdk.metrics.data.MetricData> metrics, String name) {
    return metrics.stream().filter(m -> m.getName().equals(name))
        .flatMap(m -> m.getHistogramData().getPoints().stream()).mapToLong(HistogramPointData::getCount).sum();
  }
}
