package dev.trellis.client.remote;

import static dev.trellis.client.TestGraphs.APPROVED;
import static dev.trellis.client.TestGraphs.GREETING;
import static dev.trellis.client.TestGraphs.NAME;
import static dev.trellis.client.TestGraphs.STEPS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.client.RemoteRunException;
import dev.trellis.client.TestGraphs;
import dev.trellis.client.TrellisClient;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.GraphProtocol;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Against a real server on SQLite; a stream that never ends fails its test instead of hanging the build. */
@Timeout(300)
class RemoteGraphTest extends dev.trellis.client.ServedTest {
  private static RunConfig newThread() {
    return RunConfig.thread(UUID.randomUUID().toString());
  }

  @Test
  void invokeReturnsTheFinalStateLikeACompiledGraph() {
    RemoteGraph hello = RemoteGraph.of(client, "hello");
    State out = hello.invoke(Map.of("name", "Ada"), newThread());
    assertEquals("Hello, Ada! (Trellis)", out.get("greeting"));
    assertEquals(List.of("greet", "sign"), out.get("steps"));
    assertEquals("Hello, Bo! (Trellis)", hello.invoke(Map.of("name", "Bo")).get("greeting"));
  }

  @Test
  void streamYieldsTheEnginesParts() {
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = RemoteGraph.of(client, "hello").stream(Map.of("name", "Ada"), newThread(),
        StreamMode.UPDATES, StreamMode.CUSTOM, StreamMode.VALUES)) {
      s.forEach(parts::add);
    }
    List<String> nodes = parts.stream().filter(p -> p instanceof StreamPart.Updates)
        .map(p -> ((StreamPart.Updates) p).node()).toList();
    assertEquals(List.of("greet", "sign"), nodes);
    assertTrue(parts.contains(new StreamPart.Custom(List.of(), null, Map.of("greeting", "Ada"))), parts.toString());
    StreamPart.Values last = (StreamPart.Values) parts.stream().filter(p -> p instanceof StreamPart.Values)
        .reduce((a, b) -> b).orElseThrow();
    assertEquals("Hello, Ada! (Trellis)", last.values().get("greeting"));
  }

  @Test
  void aPauseStreamsAsInterruptedAndAResumeCommandContinues() {
    RemoteGraph approval = RemoteGraph.of(client, "approval");
    RunConfig thread = newThread();
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = approval.stream(Map.of("name", "report"), thread, StreamMode.UPDATES)) {
      s.forEach(parts::add);
    }
    StreamPart.Interrupted paused = (StreamPart.Interrupted) parts.getLast();
    assertEquals("publish report?", paused.interrupts().getFirst().value());
    StateSnapshot state = approval.getState(thread);
    assertEquals(List.of("ask"), state.next());
    assertEquals("publish report?", state.interrupts().getFirst().value());
    approval.invoke(Command.resume("yes"), thread);
    assertEquals("yes,sure", approval.invoke(Command.resume("sure"), thread).get("approved"));
  }

  @Test
  void theStateApiReadsAndWritesTheRemoteThread() {
    RemoteGraph hello = RemoteGraph.of(client, "hello");
    RunConfig thread = newThread();
    hello.invoke(Map.of("name", "Ada"), thread);
    StateSnapshot latest = hello.getState(thread);
    assertEquals("Hello, Ada! (Trellis)", latest.values().get("greeting"));
    assertEquals(thread.threadId(), latest.config().threadId());
    RunConfig updated = hello.updateState(thread, Map.of("greeting", "Bonjour"), "sign");
    assertEquals("Bonjour", hello.getState(thread).values().get("greeting"));
    assertEquals("update", hello.getState(thread).metadata().source());
    List<StateSnapshot> history = hello.getStateHistory(thread);
    assertEquals(updated.checkpointId(), history.getFirst().config().checkpointId());
    assertEquals(latest.config().checkpointId(), history.get(1).config().checkpointId());
    StateSnapshot before = hello.getState(thread.withCheckpointId(latest.config().checkpointId()));
    assertEquals("Hello, Ada! (Trellis)", before.values().get("greeting"));
  }

  /**
   * What one session of calls shows through {@link GraphProtocol}: the run's result, a second run's
   * streamed nodes, the state after it, a write to the state and the two newest checkpoints' sources.
   */
  static List<Object> session(GraphProtocol graph, RunConfig thread) {
    List<Object> seen = new ArrayList<>();
    State out = graph.invoke(Map.of("name", "Ada"), thread);
    seen.add(out.get(GREETING));
    List<String> nodes = new ArrayList<>();
    try (GraphStream s = graph.stream(Map.of("name", "Bo"), thread, java.util.EnumSet.of(StreamMode.UPDATES), false)) {
      s.forEach(p -> nodes.add(p instanceof StreamPart.Updates u ? u.node() : null));
    }
    seen.add(nodes);
    StateSnapshot state = graph.getState(thread);
    seen.add(state.values());
    seen.add(state.next());
    graph.updateState(thread, Map.of("greeting", "Bonjour"), "sign");
    seen.add(graph.getState(thread).values().get("greeting"));
    seen.add(graph.getStateHistory(thread, 2).stream().map(h -> h.metadata().source()).toList());
    return seen;
  }

  @Test
  void aServedGraphAnswersThroughGraphProtocolAsTheCompiledGraphDoes() {
    CompiledGraph local = TestGraphs.hello().compile(CompileOptions.checkpointer(new InMemorySaver()));
    List<Object> here = session(local, newThread());
    assertEquals(List.of("Hello, Ada! (Trellis)", List.of("greet", "sign"),
        Map.of("name", "Bo", "greeting", "Hello, Bo! (Trellis)", "steps", List.of("greet", "sign", "greet", "sign")),
        List.of(), "Bonjour", List.of("update", "loop")), here);
    assertEquals(here, session(RemoteGraph.of(client, "hello"), newThread()));
  }

  @Test
  void usedAsANodeItRunsOnTheParentsThreadAndForwardsCustomValues() {
    CompiledGraph parent = StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("remote", RemoteGraph.of(client, "hello"))
        .addNode("shout", (s, rt) -> Update.of(GREETING, s.get(GREETING).toUpperCase()))
        .addSequence(StateGraph.START, "remote", "shout", StateGraph.END)
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig thread = newThread();
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream s = parent.stream(Map.of("name", "Ada"), thread, StreamMode.CUSTOM, StreamMode.VALUES)) {
      s.forEach(parts::add);
    }
    assertTrue(parts.stream().anyMatch(p -> p instanceof StreamPart.Custom c && c.value().equals(Map.of("greeting", "Ada"))),
        parts.toString());
    State out = parent.getState(thread).values().isEmpty() ? null : State.of(parent.getState(thread).values());
    assertEquals("HELLO, ADA! (TRELLIS)", out.get(GREETING));
    assertEquals(List.of("greet", "sign"), out.get(STEPS));
    // the remote graph ran on the remote thread named like the parent's
    assertEquals("Hello, Ada! (Trellis)", client.threads().getState(thread.threadId()).values().get("greeting"));
  }

  @Test
  void usedAsANodeItsInterruptsPauseTheParentAndEachAnswerResumesTheRemoteThread() {
    CompiledGraph parent = StateGraph.of(Schema.of(NAME, APPROVED, STEPS))
        .addNode("review", RemoteGraph.of(client, "approval"))
        .addNode("after", (s, rt) -> Update.of(STEPS, List.of("after")))
        .addSequence(StateGraph.START, "review", "after", StateGraph.END)
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig thread = newThread();
    parent.invoke(Map.of("name", "report"), thread);
    assertEquals("publish report?", parent.getState(thread).interrupts().getFirst().value());

    parent.invoke(Command.resume("yes"), thread);
    assertEquals("really?", parent.getState(thread).interrupts().getFirst().value());
    assertEquals(List.of("ask"), client.threads().getState(thread.threadId()).next());

    State done = parent.invoke(Command.resume("sure"), thread);
    assertEquals("yes,sure", done.get(APPROVED));
    assertEquals(List.of("ask", "publish", "after"), done.get(STEPS));
    assertEquals(List.of(), parent.getState(thread).next());
  }

  @Test
  void aRemoteFailureFailsTheNode() {
    CompiledGraph parent = StateGraph.of(Schema.of(NAME))
        .addNode("remote", RemoteGraph.of(client, "fails"))
        .addSequence(StateGraph.START, "remote", StateGraph.END)
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    Throwable e = assertThrows(RuntimeException.class, () -> parent.invoke(Map.of("name", "cake"), newThread()));
    while (!(e instanceof RemoteRunException) && e.getCause() != null) {
      e = e.getCause();
    }
    assertEquals("no cake here", ((RemoteRunException) e).errorMessage());
  }
}
