package dev.trellis.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.testkit.TestClock;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spans and durations are read from the graph's clock ({@code CompileOptions.withClock}), for the
 * run, its nodes and the model and tool calls inside them: a test that moves its clock by hand
 * reads exact lengths, and spans agree with the metrics.
 */
class TelemetryClockTest {
  static final Duration THINKING = Duration.ofMillis(1500);
  static final Duration LOOKING_UP = Duration.ofMillis(250);

  /** An agent whose every model call takes {@link #THINKING} and whose tool takes {@link #LOOKING_UP}, on {@code clock}. */
  static CompiledGraph agent(TestClock clock, TrellisTelemetry telemetry, boolean middleware) {
    ScriptedChatModel model = new ScriptedChatModel(request -> {
      clock.advance(THINKING);
      return request.messages().getLast() instanceof Message.Tool t ? Message.ai("It is " + t.text() + ".")
          : new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "weather", Map.of("city", "Oslo"))), null);
    });
    Tool weather = Tool.of(new ToolSpec("weather", "the weather in a city", null), (args, ctx) -> {
      clock.advance(LOOKING_UP);
      return "sunny";
    });
    var b = Agent.builder(model).tools(weather);
    if (middleware) {
      b.middleware(telemetry.middleware());
    }
    return b.compile(CompileOptions.checkpointer(new InMemorySaver()).withName("weather").withClock(clock)
        .withListeners(telemetry.listener()));
  }

  static Duration length(SpanData span) {
    return Duration.ofNanos(span.getEndEpochNanos() - span.getStartEpochNanos());
  }

  static List<SpanData> named(Otel otel, String name) {
    return otel.finished().stream().filter(s -> s.getName().equals(name)).toList();
  }

  @Test
  void callNodeAndRunSpansLastExactlyAsLongAsTheGraphsClockMoved() {
    TestClock clock = new TestClock();
    try (Otel otel = new Otel()) {
      agent(clock, otel.telemetry, false).invoke(Map.of("messages", List.of(Message.human("Oslo?"))), RunConfig.thread("t"));

      List<SpanData> chats = named(otel, "chat ScriptedChatModel");
      assertEquals(List.of(THINKING, THINKING), chats.stream().map(TelemetryClockTest::length).toList());
      assertEquals(TestClock.START.toEpochMilli() * 1_000_000, otel.span("invoke_agent weather").getStartEpochNanos(),
          "the run starts when the graph's clock says");
      assertEquals(LOOKING_UP, length(otel.span("execute_tool weather")));
      assertEquals(List.of(THINKING, THINKING), named(otel, "model").stream().map(TelemetryClockTest::length).toList());
      assertEquals(LOOKING_UP, length(otel.span("tools")));
      assertEquals(THINKING.multipliedBy(2).plus(LOOKING_UP), length(otel.span("invoke_agent weather")));

      HistogramPointData calls = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints()
          .iterator().next();
      assertEquals(2, calls.getCount());
      assertEquals(3.0, calls.getSum(), "two calls of exactly 1.5 s");
      assertEquals(1.5, calls.getMin());
      assertEquals(1.5, calls.getMax());
      HistogramPointData runs = otel.metric("trellis.run.duration").getHistogramData().getPoints().iterator().next();
      assertEquals(3.25, runs.getSum(), "the run's metric and its span agree");
    }
  }

  /**
   * A tool call's {@code gen_ai.execute_tool.duration} (the GenAI conventions' tool metric) is exactly
   * as long as its span, with the tool's name and type and the agent running it, in the conventions'
   * buckets; model calls stay in {@code gen_ai.client.operation.duration}.
   */
  @Test
  void aToolCallsDurationIsRecordedAsLongAsItsSpan() {
    TestClock clock = new TestClock();
    try (Otel otel = new Otel()) {
      agent(clock, otel.telemetry, false).invoke(Map.of("messages", List.of(Message.human("Oslo?"))), RunConfig.thread("t"));

      var metric = otel.metric("gen_ai.execute_tool.duration");
      assertEquals("s", metric.getUnit());
      List<HistogramPointData> points = List.copyOf(metric.getHistogramData().getPoints());
      assertEquals(1, points.size(), "one series: " + points);
      HistogramPointData tool = points.getFirst();
      assertEquals(1, tool.getCount());
      assertEquals(0.25, tool.getSum(), "the tool took exactly 250 ms of the graph's clock");
      assertEquals(length(otel.span("execute_tool weather")).toNanos() / 1e9, tool.getSum(), "metric and span agree");
      assertEquals(List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92),
          tool.getBoundaries());
      assertEquals(Map.of("gen_ai.operation.name", "execute_tool", "gen_ai.tool.name", "weather", "gen_ai.tool.type", "function",
          "gen_ai.agent.name", "weather"), attributes(tool));
      HistogramPointData calls = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints()
          .iterator().next();
      assertEquals(2, calls.getCount(), "the model calls' metric counts no tool call");
    }
  }

  static Map<String, Object> attributes(HistogramPointData p) {
    Map<String, Object> out = new java.util.TreeMap<>();
    p.getAttributes().forEach((k, v) -> out.put(k.getKey(), v));
    return out;
  }

  @Test
  void callsTheOtelMiddlewareRecordsAreTimedByTheGraphsClockToo() {
    TestClock clock = new TestClock();
    try (Otel otel = new Otel()) {
      agent(clock, otel.telemetry, true).invoke(Map.of("messages", List.of(Message.human("Oslo?"))), RunConfig.thread("t"));
      assertEquals(List.of(THINKING, THINKING),
          named(otel, "chat ScriptedChatModel").stream().map(TelemetryClockTest::length).toList());
      assertEquals(LOOKING_UP, length(otel.span("execute_tool weather")));
      HistogramPointData calls = otel.metric("gen_ai.client.operation.duration").getHistogramData().getPoints()
          .iterator().next();
      assertEquals(2, calls.getCount());
      assertEquals(3.0, calls.getSum());
    }
  }
}
