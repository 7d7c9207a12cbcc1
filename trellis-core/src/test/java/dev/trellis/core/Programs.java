package dev.trellis.core;


import dev.trellis.pregel.Program;

/** Hands engine tests the program of a compiled graph, which the API keeps to itself. */
public final class Programs {
  private Programs() {}

  public static Program of(CompiledGraph graph) {
    return graph.program();
  }
}
