package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static dev.trellis.graph.Fixtures.ANSWER;
import static dev.trellis.graph.Fixtures.LOG;
import static dev.trellis.graph.Fixtures.SCHEMA;
import static dev.trellis.graph.Fixtures.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.cache.InMemoryCache;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Subgraphs with their own schema called from a node, per-Send timeouts, cached tasks in the tasks stream. */
class NestedAndSendOptionsTest {
  static final Key<String> TOPIC = Key.of("topic", String.class);
  static final Key<String> VERDICT = Key.of("verdict", String.class);

  private static CompiledGraph reviewer() {
    return StateGraph.of(Schema.of(TOPIC, VERDICT))
        .addNode("review", (s, rt) -> Update.of(VERDICT, s.get(TOPIC) + ": " + rt.<String>interrupt("review " + s.get(TOPIC))))
        .addEdge(START, "review").outputKeys("verdict").compile(CompileOptions.DEFAULT.withName("reviewer"));
  }

  @Test
  void aSubgraphWithItsOwnSchemaRunsFromANodeAndPausesTheParent() {
    CompiledGraph reviewer = reviewer();
    CompiledGraph parent = StateGraph.of(SCHEMA)
        .addNode("ask", (s, rt) -> {
          Map<String, Object> out = reviewer.invokeFrom(rt, Map.of("topic", "budget"));
          return Update.of(ANSWER, (String) out.get("verdict"));
        })
        .addNode("after", logs("after"))
        .addSequence(START, "ask", "after").compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("nested");
    parent.invoke(Map.of(), t);
    assertEquals("review budget", parent.getState(t).interrupts().getFirst().value());
    State out = parent.invoke(Command.resume("approved"), t);
    assertEquals("budget: approved", out.get(ANSWER));
    assertEquals(List.of("after"), out.get(LOG));
  }

  @Test
  void aCommandToTheParentFromACalledSubgraphReachesTheCallersGraph() {
    CompiledGraph child = StateGraph.of(Schema.of(TOPIC))
        .addNode("jump", (s, rt) -> Command.goTo("rescue").withUpdate(Update.of(Map.of("answer", "from child")))
            .toParentGraph())
        .addEdge(START, "jump").compile(CompileOptions.DEFAULT.withName("child"));
    CompiledGraph parent = StateGraph.of(SCHEMA)
        .addNode("caller", (s, rt) -> {
          child.invokeFrom(rt, Map.of("topic", "x"));
          return Update.of(LOG, List.of("not reached"));
        }, NodeOptions.destinations("rescue"))
        .addNode("rescue", logs("rescue"))
        .addEdge(START, "caller").compile();
    State out = parent.invoke(Map.of());
    assertEquals("from child", out.get(ANSWER));
    assertEquals(List.of("rescue"), out.get(LOG));
  }

  @Test
  void aCachedTaskIsReportedAsCachedInTheTasksStream() {
    CompiledGraph g = StateGraph.of(SCHEMA).addNode("a", logs("a"), NodeOptions.cache(CachePolicy.byInput()))
        .addEdge(START, "a").compile(CompileOptions.DEFAULT.withCache(new InMemoryCache()));
    g.invoke(Map.of());
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.TASKS)) {
      s.forEach(parts::add);
    }
    StreamPart.TaskResult r = (StreamPart.TaskResult) parts.stream().filter(p -> p instanceof StreamPart.TaskResult)
        .findFirst().orElseThrow();
    assertTrue(r.cached());
  }
}
