package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.NodeException;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StreamingTest {

  private static CompiledGraph chain() {
    return StateGraph.of(SCHEMA)
        .addNode("a", (s, rt) -> {
          rt.write("progress");
          return Update.of(LOG, List.of("a"));
        })
        .addNode("b", logs("b"))
        .addSequence(START, "a", "b").compile();
  }

  private static List<StreamPart> collect(GraphStream s) {
    List<StreamPart> out = new ArrayList<>();
    try (s) {
      s.forEach(out::add);
    }
    return out;
  }

  @Test
  void valuesModeEmitsStateAfterEveryStep() {
    List<StreamPart> parts = collect(chain().stream(Map.of("count", 0), RunConfig.DEFAULT, StreamMode.VALUES));
    assertEquals(List.of(List.of(), List.of("a"), List.of("a", "b")),
        parts.stream().map(p -> ((StreamPart.Values) p).values().get("log")).toList());
  }

  @Test
  void severalModesInterleaveInProductionOrder() {
    List<StreamPart> parts = collect(chain().stream(Map.of("count", 0), RunConfig.DEFAULT,
        StreamMode.UPDATES, StreamMode.CUSTOM, StreamMode.VALUES));
    List<String> kinds = parts.stream().map(p -> p.getClass().getSimpleName()).toList();
    assertEquals(List.of("Values", "Custom", "Updates", "Values", "Updates", "Values"), kinds);
    StreamPart.Custom c = (StreamPart.Custom) parts.get(1);
    assertEquals("progress", c.value());
    assertEquals("a", c.node());
  }

  @Test
  void inputThatWritesNoKeyEmitsNoInitialValuesLikeLangGraph() {
    List<StreamPart> parts = collect(chain().stream(Map.of(), RunConfig.DEFAULT, StreamMode.VALUES));
    assertEquals(2, parts.size());
  }

  @Test
  void tasksModeReportsStartAndResult() {
    List<StreamPart> parts = collect(chain().stream(Map.of(), RunConfig.DEFAULT, StreamMode.TASKS));
    assertEquals(4, parts.size());
    StreamPart.TaskStart start = (StreamPart.TaskStart) parts.get(0);
    assertEquals("a", start.name());
    assertEquals(List.of("branch:to:a"), start.triggers());
    StreamPart.TaskResult result = (StreamPart.TaskResult) parts.get(1);
    assertEquals(Map.of("log", List.of("a")), result.result());
  }

  @Test
  void debugModeWrapsTaskEventsWithSteps() {
    List<StreamPart> parts = collect(chain().stream(Map.of(), RunConfig.DEFAULT, StreamMode.DEBUG));
    StreamPart.Debug first = (StreamPart.Debug) parts.getFirst();
    assertEquals("task", first.type());
    assertEquals(1, first.step());
    assertTrue(parts.stream().allMatch(p -> p instanceof StreamPart.Debug));
  }

  @Test
  void aFailedRunEndsTheIterationWithItsError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> {
      throw new java.io.IOException("disk");
    }).addEdge(START, "a").compile();
    GraphStream s = g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.VALUES);
    assertThrows(NodeException.class, () -> s.forEach(p -> { }));
  }

  @Test
  void closingTheStreamInterruptsRunningNodes() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("slow", (s, rt) -> {
      started.countDown();
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException e) {
        interrupted.countDown();
        throw e;
      }
      return Update.empty();
    }).addNode("other", (s, rt) -> {
      new CountDownLatch(1).await();
      return Update.empty();
    }).addEdge(START, "slow").addEdge(START, "other").compile();
    GraphStream s = g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.VALUES);
    assertTrue(started.await(5, TimeUnit.SECONDS));
    s.close();
    assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the running node was not interrupted");
  }

  @Test
  void streamIsAFlowPublisherHonouringDemand() throws Exception {
    GraphStream s = chain().stream(Map.of("count", 0), RunConfig.DEFAULT, EnumSet.of(StreamMode.VALUES), false);
    List<StreamPart> got = new ArrayList<>();
    CompletableFuture<Void> done = new CompletableFuture<>();
    s.subscribe(new Flow.Subscriber<>() {
      Flow.Subscription sub;

      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        sub = subscription;
        sub.request(1);
      }

      @Override
      public void onNext(StreamPart item) {
        got.add(item);
        sub.request(1);
      }

      @Override
      public void onError(Throwable throwable) {
        done.completeExceptionally(throwable);
      }

      @Override
      public void onComplete() {
        done.complete(null);
      }
    });
    done.get(5, TimeUnit.SECONDS);
    assertEquals(3, got.size());
  }

  @Test
  void aStreamCanBeConsumedOnce() {
    GraphStream s = chain().stream(Map.of(), RunConfig.DEFAULT);
    s.iterator();
    assertThrows(IllegalStateException.class, s::iterator);
    s.close();
  }
}
