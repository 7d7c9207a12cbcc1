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
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubgraphTest {
  private static CompiledGraph inner() {
    return StateGraph.of(SCHEMA).addNode("s1", logs("s1")).addNode("s2", logs("s2"))
        .addSequence(START, "s1", "s2").compile();
  }

  @Test
  void subgraphSharesKeysByName() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addNode("sub", inner())
        .addSequence(START, "a", "sub").compile();
    assertEquals(List.of("a", "a", "s1", "s2"), g.invoke(Map.of()).get(LOG),
        "the subgraph's whole state comes back as its update, appended like LangGraph");
  }

  @Test
  void subgraphEventsCarryTheirNamespaceWhenAsked() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("sub", inner()).addEdge(START, "sub").compile();
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = g.stream(Map.of(), RunConfig.DEFAULT, EnumSet.of(StreamMode.UPDATES), true)) {
      s.forEach(parts::add);
    }
    List<StreamPart.Updates> nested = parts.stream().map(p -> (StreamPart.Updates) p)
        .filter(u -> !u.namespace().isEmpty()).toList();
    assertEquals(List.of("s1", "s2"), nested.stream().map(StreamPart.Updates::node).toList());
    assertTrue(nested.getFirst().namespace().getFirst().startsWith("sub:"));
  }

  @Test
  void interruptInsideSubgraphPausesParentAndResumesInside() {
    CompiledGraph sub = StateGraph.of(SCHEMA).addNode("s1", logs("s1"))
        .addNode("ask", (s, rt) -> Update.of(ANSWER, rt.interrupt("sub?")))
        .addSequence(START, "s1", "ask").compile();
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("sub", sub).addNode("b", logs("b"))
        .addSequence(START, "sub", "b").compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("t");
    g.invoke(Map.of(), t);
    assertEquals("sub?", g.getState(t).interrupts().getFirst().value());
    StateSnapshot inner = g.getState(t, true).tasks().getFirst().state();
    assertEquals(List.of("ask"), inner.next(), "the paused subgraph's own state, one level down");
    assertEquals(List.of("s1"), inner.values().get("log"));
    assertTrue(inner.config().namespace().startsWith("sub:"));
    State out = g.invoke(Command.resume("ok"), t);
    assertEquals("ok", out.get(ANSWER));
    assertEquals(List.of("s1", "b"), out.get(LOG));
  }

  @Test
  void commandToParentFromTheRootGraphIsAnError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", (s, rt) -> Command.goTo("a").toParentGraph())
        .addEdge(START, "a").compile();
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> g.invoke(Map.of()));
    assertEquals(ErrorCode.NO_PARENT_GRAPH, e.code());
  }

  @Test
  void commandToParentAsRunInputIsTheSameError() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a")).addEdge(START, "a").compile();
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class,
        () -> g.invoke(Command.goTo("a").toParentGraph()));
    assertEquals(ErrorCode.NO_PARENT_GRAPH, e.code());
  }
}
