package com.example.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The graph on its own, without a server: what a unit test of your graph looks like. */
class HelloGraphTest {
  @Test
  void greetsThenSigns() {
    CompiledGraph graph = HelloGraph.graph().compile(CompileOptions.checkpointer(new InMemorySaver()));
    State out = graph.invoke(Map.of("name", "Ada"), RunConfig.thread("t-1"));
    assertEquals("Hello, Ada! (from Trellis)", out.get(HelloGraph.GREETING));
    assertEquals(List.of("greet", "sign"), out.get(HelloGraph.STEPS));
  }
}
