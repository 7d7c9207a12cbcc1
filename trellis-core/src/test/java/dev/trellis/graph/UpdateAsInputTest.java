package dev.trellis.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.InvalidUpdateException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code updateState(..., "__input__")} writes the run input, as LangGraph's {@code as_node="__input__"}. */
class UpdateAsInputTest {
  static final Key<String> TOPIC = Key.of("topic", String.class);
  static final Key<List<String>> LOG = Key.appending("log", String.class);

  private static CompiledGraph graph() {
    return StateGraph.of(Schema.of(TOPIC, LOG))
        .addNode("a", (s, rt) -> Update.of(LOG, List.of("a:" + s.get(TOPIC))))
        .addNode("b", (s, rt) -> Update.of(LOG, List.of("b")))
        .addSequence(StateGraph.START, "a", "b", StateGraph.END)
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
  }

  @Test
  void anInputUpdateOnAFreshThreadIsAnInputCheckpointThatTheNextRunStartsFrom() {
    CompiledGraph g = graph();
    RunConfig t = RunConfig.thread("fresh");
    g.updateState(t, Map.of("topic", "jvm"), "__input__");
    StateSnapshot s = g.getState(t);
    assertEquals(List.of("__start__"), s.next());
    assertEquals("input", s.metadata().source());
    assertEquals(-1, s.metadata().step());
    State done = g.invoke(null, t);
    assertEquals("jvm", done.get(TOPIC));
    assertEquals(List.of("a:jvm", "b"), done.get(LOG));
  }

  @Test
  void anInputUpdateOnAFinishedThreadStartsANewPassOneStepLater() {
    CompiledGraph g = graph();
    RunConfig t = RunConfig.thread("again");
    g.invoke(Map.of("topic", "one"), t);
    int step = g.getState(t).metadata().step();
    g.updateState(t, Map.of("topic", "two"), "__input__");
    assertEquals(step + 1, g.getState(t).metadata().step());
    State done = g.invoke(null, t);
    assertEquals(List.of("a:one", "b", "a:two", "b"), done.get(LOG));
  }

  @Test
  void anInputUpdateMustBeAloneInItsSuperstep() {
    CompiledGraph g = graph();
    RunConfig t = RunConfig.thread("bulk");
    assertThrows(InvalidUpdateException.class, () -> g.bulkUpdateState(t, List.of(List.of(
        new StateUpdate(Map.of("topic", "x"), "__input__"), new StateUpdate(Map.of("topic", "y"), "a")))));
  }
}
