package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.AmbiguousResumeException;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;
import dev.trellis.runtime.Interrupt;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InterruptTest {
  private static final RunConfig T = RunConfig.thread("t1");

  private static CompiledGraph approval(AtomicInteger runs) {
    return StateGraph.of(SCHEMA)
        .addNode("ask", (s, rt) -> {
          runs.incrementAndGet();
          String answer = rt.interrupt("approve?");
          return Update.of(ANSWER, answer);
        })
        .addNode("after", logs("after"))
        .addEdge(START, "ask").addEdge("ask", "after")
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
  }

  @Test
  void interruptPausesAndReportsThePayload() {
    CompiledGraph g = approval(new AtomicInteger());
    g.invoke(Map.of(), T);
    StateSnapshot s = g.getState(T);
    assertEquals(List.of("ask"), s.next());
    assertEquals("approve?", s.interrupts().getFirst().value());
  }

  @Test
  void aResumedNodeThatFailsStreamsNoUpdate() {
    CompiledGraph g = StateGraph.of(SCHEMA)
        .addNode("ask", (s, rt) -> {
          String answer = rt.interrupt("approve?");
          throw new IllegalArgumentException("not allowed: " + answer);
        })
        .addEdge(START, "ask")
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    g.invoke(Map.of(), T);
    List<dev.trellis.stream.StreamPart> parts = new java.util.ArrayList<>();
    assertThrows(RuntimeException.class, () -> {
      try (var stream = g.stream(Command.resume("no"), T, dev.trellis.stream.StreamMode.UPDATES)) {
        stream.forEach(parts::add);
      }
    });
    assertEquals(List.of(), parts, "LangGraph streams no update for a failed task, resume value or not");
  }

  @Test
  void interruptResumesWithValue() {
    AtomicInteger runs = new AtomicInteger();
    CompiledGraph g = approval(runs);
    g.invoke(Map.of(), T);
    State out = g.invoke(Command.resume("yes"), T);
    assertEquals("yes", out.get(ANSWER));
    assertEquals(List.of("after"), out.get(LOG));
    assertEquals(2, runs.get(), "the node restarts from its beginning on resume");
    assertEquals(List.of(), g.getState(T).next());
  }

  @Test
  void severalInterruptsInOneNodeResumeInOrder() {
    Key<List<String>> answers = Key.appending("answers", String.class);
    CompiledGraph g = StateGraph.of(Schema.of(answers))
        .addNode("ask", (s, rt) -> {
          String a = rt.interrupt("first");
          String b = rt.interrupt("second");
          return Update.of(answers, List.of(a, b));
        })
        .addEdge(START, "ask").compile(CompileOptions.checkpointer(new InMemorySaver()));
    g.invoke(Map.of(), T);
    g.invoke(Command.resume("1"), T);
    assertEquals("second", g.getState(T).interrupts().getFirst().value());
    assertEquals(List.of("1", "2"), g.invoke(Command.resume("2"), T).get(answers));
  }

  @Test
  void parallelInterruptsResumeById() {
    Key<String> x = Key.of("x", String.class);
    Key<String> y = Key.of("y", String.class);
    CompiledGraph g = StateGraph.of(Schema.of(x, y))
        .addNode("a", (s, rt) -> Update.of(x, rt.interrupt("a?")))
        .addNode("b", (s, rt) -> Update.of(y, rt.interrupt("b?")))
        .addEdge(START, "a").addEdge(START, "b").compile(CompileOptions.checkpointer(new InMemorySaver()));
    g.invoke(Map.of(), T);
    List<Interrupt> pending = g.getState(T).interrupts();
    assertEquals(2, pending.size());
    assertThrows(AmbiguousResumeException.class, () -> g.invoke(Command.resume("both"), T));
    Map<String, Object> byId = new java.util.HashMap<>();
    for (Interrupt i : pending) {
      byId.put(i.id(), i.value().equals("a?") ? "A" : "B");
    }
    State out = g.invoke(Command.resumeById(byId), T);
    assertEquals("A", out.get(x));
    assertEquals("B", out.get(y));
  }

  @Test
  void staticInterruptBeforePausesAndNullInputContinues() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("b", logs("b"))
        .addEdge(START, "a").addEdge("a", "b")
        .compile(CompileOptions.checkpointer(new InMemorySaver()).withInterruptBefore("b"));
    assertEquals(List.of("a"), g.invoke(Map.of(), T).get(LOG));
    assertEquals(List.of("b"), g.getState(T).next());
    assertEquals(List.of("a", "b"), g.invoke(null, T).get(LOG));
  }

  @Test
  void resumeWithoutCheckpointerIsAClearError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").compile();
    TrellisException e = assertThrows(TrellisException.class, () -> g.invoke(Command.resume("x")));
    assertTrue(e.getMessage().contains("checkpointer"), e.getMessage());
  }

  @Test
  void runWithCheckpointerButNoThreadIsAClearError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a")
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    TrellisException e = assertThrows(TrellisException.class, () -> g.invoke(Map.of()));
    assertEquals(ErrorCode.MISSING_THREAD, e.code());
  }
}
