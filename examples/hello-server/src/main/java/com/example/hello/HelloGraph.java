package com.example.hello;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;

/**
 * The graph this project serves: {@code greet} writes a greeting for {@code name}, {@code sign}
 * signs it; {@code steps} records the nodes that ran. trellis.json names {@link #graph} as
 * {@code hello}; the server compiles it with its checkpointer and store.
 */
public final class HelloGraph {
  public static final Key<String> NAME = Key.of("name", String.class);
  public static final Key<String> GREETING = Key.of("greeting", String.class);
  public static final Key<List<String>> STEPS = Key.appending("steps", String.class);

  private HelloGraph() {}

  public static StateGraph graph() {
    return StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("greet", (s, rt) -> Update.of(GREETING, "Hello, " + s.get(NAME) + "!", STEPS, List.of("greet")))
        .addNode("sign", (s, rt) -> Update.of(GREETING, s.get(GREETING) + " (from Trellis)", STEPS, List.of("sign")))
        .addSequence(StateGraph.START, "greet", "sign", StateGraph.END);
  }
}
