package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.observe.GraphEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The durations listeners receive are read from the graph's clock, so a test clock makes them exact. */
class ListenerClockTest {
  static final Key<String> OUT = Key.of("out", String.class);

  @Test
  void runStepAndTaskDurationsComeFromTheGraphClock() {
    TestClock clock = new TestClock();
    List<GraphEvent> events = new CopyOnWriteArrayList<>();
    CompiledGraph g = StateGraph.of(Schema.of(OUT))
        .addNode("work", (s, rt) -> {
          clock.advance(Duration.ofSeconds(3));
          return Update.of(OUT, "done");
        })
        .addEdge(StateGraph.START, "work")
        .compile(CompileOptions.DEFAULT.withClock(clock).withListeners(events::add));

    g.invoke(Map.of());

    assertEquals(List.of(Duration.ofSeconds(3)), durations(events, GraphEvent.TaskEnded.class));
    assertEquals(List.of(Duration.ofSeconds(3)), durations(events, GraphEvent.StepEnded.class));
    assertEquals(List.of(Duration.ofSeconds(3)), durations(events, GraphEvent.RunEnded.class));
  }

  private static List<Duration> durations(List<GraphEvent> events, Class<? extends GraphEvent> type) {
    return events.stream().filter(type::isInstance).map(e -> switch (e) {
      case GraphEvent.TaskEnded t -> t.duration();
      case GraphEvent.StepEnded s -> s.duration();
      case GraphEvent.RunEnded r -> r.duration();
      default -> throw new AssertionError(e);
    }).toList();
  }
}
