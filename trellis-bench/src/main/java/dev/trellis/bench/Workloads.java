package dev.trellis.bench;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.List;

/** The graphs of bench/WORKLOADS.md, built once per benchmark. Every node does trivial work. */
final class Workloads {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static final Key<List<Integer>> LOG = Key.appending("log", Integer.class);
  static final Key<List<Integer>> RESULTS = Key.appending("results", Integer.class);
  static final Schema SCHEMA = Schema.of(COUNT, LOG, RESULTS);

  private Workloads() {}

  /** W1 (and W5 with a saver): 10 nodes in a line, each increments count and appends its index. */
  static CompiledGraph chain10(CompileOptions options) {
    StateGraph g = StateGraph.of(SCHEMA);
    for (int i = 0; i < 10; i++) {
      int idx = i;
      g.addNode("n" + i, (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1, LOG, List.of(idx)));
    }
    g.addEdge(StateGraph.START, "n0");
    for (int i = 0; i < 9; i++) {
      g.addEdge("n" + i, "n" + (i + 1));
    }
    g.addEdge("n9", StateGraph.END);
    return g.compile(options);
  }

  /** W2: START → router sends 100 Sends to worker → each appends i → join → END. */
  static CompiledGraph fanout100() {
    List<Object> sends = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      sends.add(Send.to("worker", i));
    }
    return StateGraph.of(SCHEMA)
        .addNode("router", (s, rt) -> Update.empty())
        .addNode("worker", (s, rt) -> Update.of(RESULTS, List.of((Integer) s.arg())))
        .addNode("join", (s, rt) -> Update.empty())
        .addEdge(StateGraph.START, "router")
        .addConditionalEdges("router", s -> sends)
        .addEdge("worker", "join")
        .addEdge("join", StateGraph.END)
        .compile();
  }

  /** W3: START → 10 distinct nodes in parallel → one join waiting for all ten → END. */
  static CompiledGraph parallel10() {
    StateGraph g = StateGraph.of(SCHEMA);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      int idx = i;
      String name = "p" + i;
      names.add(name);
      g.addNode(name, (s, rt) -> Update.of(LOG, List.of(idx)));
      g.addEdge(StateGraph.START, name);
    }
    g.addNode("join", (s, rt) -> Update.of(COUNT, s.get(LOG).size()));
    g.addEdge(names, "join");
    g.addEdge("join", StateGraph.END);
    return g.compile();
  }

  /** W4: one node loops to itself through a conditional edge until count == steps. */
  static CompiledGraph loop(int steps, CompileOptions options) {
    return StateGraph.of(SCHEMA)
        .addNode("loop", (s, rt) -> Update.of(COUNT, s.get(COUNT) + 1))
        .addEdge(StateGraph.START, "loop")
        .addConditionalEdges("loop", s -> s.get(COUNT) >= steps ? StateGraph.END : "loop")
        .compile(options);
  }

  static CompileOptions memory() {
    return CompileOptions.checkpointer(new InMemorySaver());
  }
}
