package bench.lg4j;

import static org.bsc.langgraph4j.action.AsyncEdgeAction.edge_async;
import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.MemorySaver;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;

/** The WORKLOADS.md graphs on LangGraph4j 1.8.17. W2 (Send fan-out) has no LangGraph4j equivalent. */
final class Graphs {
  private Graphs() {}

  static Map<String, Channel<?>> schema() {
    return Map.of("count", Channels.base(() -> 0), "log", Channels.appenderWithDuplicate(ArrayList::new));
  }

  static CompiledGraph<AgentState> chain10(boolean memory) throws Exception {
    StateGraph<AgentState> g = new StateGraph<>(schema(), AgentState::new);
    for (int i = 0; i < 10; i++) {
      int idx = i;
      g.addNode("n" + i, node_async(s -> Map.of("count", s.<Integer>value("count").orElse(0) + 1, "log", List.of(idx))));
    }
    g.addEdge(StateGraph.START, "n0");
    for (int i = 0; i < 9; i++) {
      g.addEdge("n" + i, "n" + (i + 1));
    }
    g.addEdge("n9", StateGraph.END);
    CompileConfig.Builder cfg = CompileConfig.builder();
    if (memory) {
      cfg.checkpointSaver(new MemorySaver());
    }
    return g.compile(cfg.build());
  }

  static CompiledGraph<AgentState> parallel10() throws Exception {
    StateGraph<AgentState> g = new StateGraph<>(schema(), AgentState::new);
    for (int i = 0; i < 10; i++) {
      int idx = i;
      g.addNode("p" + i, node_async(s -> Map.of("log", List.of(idx))));
      g.addEdge(StateGraph.START, "p" + i);
      g.addEdge("p" + i, "join");
    }
    g.addNode("join", node_async(s -> Map.of("count", s.<List<?>>value("log").map(List::size).orElse(0))));
    g.addEdge("join", StateGraph.END);
    return g.compile();
  }

  static CompiledGraph<AgentState> loop(int steps) throws Exception {
    StateGraph<AgentState> g = new StateGraph<>(schema(), AgentState::new);
    g.addNode("loop", node_async(s -> Map.of("count", s.<Integer>value("count").orElse(0) + 1)));
    g.addEdge(StateGraph.START, "loop");
    g.addConditionalEdges("loop", edge_async(s -> s.<Integer>value("count").orElse(0) >= steps ? "end" : "loop"),
        Map.of("end", StateGraph.END, "loop", "loop"));
    return g.compile(CompileConfig.builder().recursionLimit(steps + 10).build());
  }
}
