package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.observe.GraphEvent;
import dev.trellis.observe.TracePolicy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What listeners see of a node's payloads, per node. */
class TracePolicyTest {
  static final Key<String> SECRET = Key.of("secret", String.class);
  static final Key<String> NOTE = Key.of("note", String.class);

  static CompiledGraph graph(NodeOptions options, GraphListenerTest.Recorder rec) {
    return StateGraph.of(Schema.of(SECRET, NOTE))
        .addNode("login", (s, rt) -> Update.of(NOTE, "token for " + s.get(SECRET.name())), options)
        .addEdge(START, "login").compile(CompileOptions.DEFAULT.withListeners(rec));
  }

  @Test
  void withoutAPolicyListenersSeeTheInputStateAndTheWrites() {
    GraphListenerTest.Recorder rec = new GraphListenerTest.Recorder();
    graph(NodeOptions.DEFAULT, rec).invoke(Map.of("secret", "hunter2"));
    State in = assertInstanceOf(State.class, rec.of(GraphEvent.TaskStarted.class).getFirst().input());
    assertEquals("hunter2", in.get("secret"));
    assertEquals(Map.of("note", "token for hunter2"), rec.of(GraphEvent.TaskEnded.class).getFirst().output());
  }

  @Test
  void aNodesPolicyOmitsOrRedactsWhatItsTracesRecordButNotWhatItDoes() {
    GraphListenerTest.Recorder rec = new GraphListenerTest.Recorder();
    TracePolicy policy = new TracePolicy(TracePolicy.OMIT, out -> "[redacted " + ((Map<?, ?>) out).keySet() + "]");
    State out = graph(NodeOptions.DEFAULT.withTrace(policy), rec).invoke(Map.of("secret", "hunter2"));
    assertEquals(Map.of(), rec.of(GraphEvent.TaskStarted.class).getFirst().input());
    assertEquals("[redacted [note]]", rec.of(GraphEvent.TaskEnded.class).getFirst().output());
    assertEquals("token for hunter2", out.get("note"), "the node itself saw and wrote the real values");
  }

  @Test
  void nodeDefaultsCarryATracePolicyToEveryNode() {
    GraphListenerTest.Recorder rec = new GraphListenerTest.Recorder();
    StateGraph.of(Schema.of(SECRET, NOTE)).setNodeDefaults(NodeOptions.DEFAULT.withTrace(TracePolicy.omitPayloads()))
        .addNode("a", (s, rt) -> Update.of(NOTE, "x")).addNode("b", (s, rt) -> Update.of(NOTE, "y"))
        .addSequence(START, "a", "b").compile(CompileOptions.DEFAULT.withListeners(rec)).invoke(Map.of());
    assertEquals(List.of(Map.of(), Map.of()), rec.of(GraphEvent.TaskEnded.class).stream().map(GraphEvent.TaskEnded::output).toList());
  }
}
