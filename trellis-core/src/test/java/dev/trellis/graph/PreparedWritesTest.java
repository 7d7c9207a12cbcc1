package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.runtime.MessageStream;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A key's write preparation ({@code Key.reducing(..., prepare)}) runs once per write when the
 * node finishes, so the update streamed, the saved write and the state agree; and the
 * runtime's message and call streams name one answer and one call each.
 */
class PreparedWritesTest {
  /** Tags each item with a random suffix: running it twice, or at a different time, would show. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<List<String>> ITEMS = Key.reducing("items", (Class<List<String>>) (Class) List.class,
      (a, b) -> {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
      }, List::of, l -> l.stream().map(s -> s.contains("#") ? s : s + "#" + UUID.randomUUID()).toList());

  private static List<StreamPart> collect(GraphStream s) {
    List<StreamPart> out = new ArrayList<>();
    try (s) {
      s.forEach(out::add);
    }
    return out;
  }

  @Test
  void theUpdateStreamedShowsTheValueTheStateKeeps() {
    CompiledGraph g = StateGraph.of(Schema.of(ITEMS))
        .addNode("a", (s, rt) -> {
          rt.writeState("items", List.of("pushed"));
          return Update.of(ITEMS, List.of("returned"));
        })
        .addEdge(START, "a")
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("t-prepared");
    List<StreamPart> parts = collect(g.stream(Map.of(), t, StreamMode.UPDATES));
    StreamPart.Updates u = (StreamPart.Updates) parts.getFirst();
    List<String> state = g.getState(t).values().get("items") instanceof List<?> l ? l.stream().map(String::valueOf)
        .toList() : List.of();
    assertEquals(u.update().get("items"), state, "streamed update and state agree");
    assertTrue(state.stream().allMatch(s -> s.contains("#")), "every write was prepared: " + state);
    assertEquals(1, u.step(), "the update names its step");
  }

  @Test
  void tokensOfOneAnswerShareAnIdAndEachAnswerGetsItsOwn() {
    List<String> ids = new ArrayList<>();
    CompiledGraph g = StateGraph.of(Schema.of(ITEMS))
        .addNode("a", (s, rt) -> {
          for (String answer : List.of("one two", "three")) {
            MessageStream out = rt.messages();
            ids.add(out.messageId());
            for (String token : answer.split(" ")) {
              out.write(token);
            }
            out.end(answer);
          }
          return Update.empty();
        })
        .addEdge(START, "a").compile();
    List<StreamPart> parts = collect(g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.MESSAGES));
    List<String> chunkIds = parts.stream().map(p -> ((StreamPart.MessageChunk) p).messageId()).toList();
    assertEquals(List.of(ids.get(0), ids.get(0), ids.get(1)), chunkIds);
    assertNotEquals(ids.get(0), ids.get(1));
    assertTrue(ids.get(0).startsWith("run-"), "LangChain's answer ids: " + ids.get(0));
  }

  @Test
  void callsAreReportedOnTheEventsModeWithOneIdForStartAndEnd() {
    CompiledGraph g = StateGraph.of(Schema.of(ITEMS))
        .addNode("a", (s, rt) -> {
          MessageStream model = rt.chatModel("Scripted", List.of("hi"));
          model.write("hello");
          model.end("hello");
          rt.toolCall("search", Map.of("q", "x")).accept("found");
          return Update.empty();
        })
        .addEdge(START, "a").compile();
    List<StreamPart.CallEvent> calls = collect(g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.EVENTS)).stream()
        .map(p -> (StreamPart.CallEvent) p).toList();
    assertEquals(List.of("CHAT_MODEL Scripted false", "CHAT_MODEL Scripted true", "TOOL search false", "TOOL search true"),
        calls.stream().map(c -> c.kind() + " " + c.name() + " " + c.end()).toList());
    assertEquals(calls.get(0).callId(), calls.get(1).callId());
    assertEquals(calls.get(2).callId(), calls.get(3).callId());
    assertEquals(List.of("hi"), calls.get(1).input());
    assertEquals("found", calls.get(3).output());
    assertEquals(Map.of("q", "x"), calls.get(3).input());
    assertEquals("a", calls.get(0).node());
  }
}
