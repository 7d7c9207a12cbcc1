package dev.trellis.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.Programs;
import dev.trellis.core.StateGraph;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link CompiledGraph#withOptions}: the same graph run with another checkpointer, the rest of its options kept. */
class WithOptionsTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);

  static CompiledGraph twoSteps(CompileOptions options) {
    return StateGraph.of(Schema.of(LOG))
        .addNode("a", (s, rt) -> Update.of(LOG, List.of("a")))
        .addNode("b", (s, rt) -> Update.of(LOG, List.of("b")))
        .addSequence(StateGraph.START, "a", "b", StateGraph.END)
        .compile(options);
  }

  @Test
  void aGraphCompiledWithoutACheckpointerRunsDurablyOnTheOneGiven() {
    CompiledGraph plain = twoSteps(CompileOptions.DEFAULT.withName("steps").withInterruptBefore("b"));
    InMemorySaver saver = new InMemorySaver();
    CompiledGraph durable = plain.withOptions(plain.options().withCheckpointer(saver));
    RunConfig thread = RunConfig.thread("t-1");
    durable.invoke(Map.of(), thread);
    assertEquals(List.of("b"), durable.getState(thread).next(), "interruptBefore kept: paused before b");
    assertEquals(Map.of("log", List.of("a", "b")), durable.invoke(null, thread).toMap(), "resumed from the saver");
    assertEquals("steps", durable.name());
    assertSame(saver, durable.options().checkpointer());
    assertNull(plain.options().checkpointer(), "the original graph is unchanged");
    assertNull(Programs.of(plain).options().checkpointer());
  }
}
