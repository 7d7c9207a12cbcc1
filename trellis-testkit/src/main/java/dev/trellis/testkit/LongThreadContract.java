package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every saver must keep true of long, growing lists (a conversation's messages), which
 * savers may store as deltas: every checkpoint of the chain, of a fork from an old
 * checkpoint, of a copied thread and after a rollback reads back the whole list it was saved
 * with, and a chat graph's history and forks are the same as on the in-memory saver.
 */
public abstract class LongThreadContract {

  /** The saver under test (may be shared between tests). */
  protected abstract CheckpointSaver saver();

  private final String thread = "long-" + UUID.randomUUID();

  private static Checkpoint checkpoint(List<String> messages, int count) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("messages", messages);
    values.put("count", count);
    return new Checkpoint(CheckpointIds.next(), Instant.now().toString(), values,
        Map.of("messages", (long) count, "count", (long) count), Map.of());
  }

  private static List<String> grown(List<String> list, String... more) {
    List<String> out = new ArrayList<>(list);
    out.addAll(List.of(more));
    return out;
  }

  /** Saves a chain from {@code parent}: checkpoint i holds {@code start} plus i+1 new messages (every fifth repeats its parent's list). */
  private List<CheckpointConfig> chain(CheckpointConfig parent, List<String> start, String tag, int n,
                                       Map<String, List<String>> expected) {
    List<CheckpointConfig> out = new ArrayList<>();
    List<String> list = start;
    for (int i = 0; i < n; i++) {
      list = i % 5 == 4 ? new ArrayList<>(list) : grown(list, tag + i);
      parent = saver().put(parent, checkpoint(list, i), CheckpointMetadata.of("loop", i));
      expected.put(parent.checkpointId(), list);
      out.add(parent);
    }
    return out;
  }

  private void assertEveryCheckpointReadsBack(CheckpointConfig thread, Map<String, List<String>> expected) {
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      CheckpointTuple t = saver().getTuple(thread.withCheckpointId(e.getKey()));
      assertEquals(e.getValue(), t.checkpoint().channelValues().get("messages"), "checkpoint " + e.getKey());
    }
    List<CheckpointTuple> listed = saver().list(thread, null, 0);
    assertEquals(expected.size(), listed.size());
    for (CheckpointTuple t : listed) {
      assertEquals(expected.get(t.config().checkpointId()), t.checkpoint().channelValues().get("messages"),
          "listed checkpoint " + t.config().checkpointId());
    }
  }

  @Test
  void everyCheckpointOfAGrowingListReadsBackWhole() {
    Map<String, List<String>> expected = new LinkedHashMap<>();
    chain(CheckpointConfig.thread(thread), List.of(), "m", 40, expected);
    assertEveryCheckpointReadsBack(CheckpointConfig.thread(thread), expected);
  }

  @Test
  void aForkFromAnOldCheckpointKeepsItsPrefixAndAddsItsOwnTail() {
    Map<String, List<String>> expected = new LinkedHashMap<>();
    List<CheckpointConfig> main = chain(CheckpointConfig.thread(thread), List.of(), "m", 20, expected);
    List<String> at12 = expected.get(main.get(12).checkpointId());
    chain(main.get(12), at12, "fork", 6, expected);
    chain(main.get(19), expected.get(main.get(19).checkpointId()), "again", 3, expected);
    chain(main.get(12), at12, "second-fork", 4, expected);
    assertEveryCheckpointReadsBack(CheckpointConfig.thread(thread), expected);
  }

  @Test
  void aListThatShrinksOrChangesReadsBackAsSaved() {
    Map<String, List<String>> expected = new LinkedHashMap<>();
    List<CheckpointConfig> main = chain(CheckpointConfig.thread(thread), List.of(), "m", 12, expected);
    List<String> removed = new ArrayList<>(expected.get(main.get(11).checkpointId()));
    removed.remove(3);
    CheckpointConfig shrunk = saver().put(main.get(11), checkpoint(removed, 12), CheckpointMetadata.of("update", 12));
    expected.put(shrunk.checkpointId(), removed);
    List<String> edited = new ArrayList<>(removed);
    edited.set(0, "edited");
    CheckpointConfig changed = saver().put(shrunk, checkpoint(edited, 13), CheckpointMetadata.of("update", 13));
    expected.put(changed.checkpointId(), edited);
    chain(changed, edited, "after", 7, expected);
    assertEveryCheckpointReadsBack(CheckpointConfig.thread(thread), expected);
  }

  @Test
  void aCopiedThreadAndARolledBackThreadKeepWholeLists() {
    Map<String, List<String>> expected = new LinkedHashMap<>();
    List<CheckpointConfig> main = chain(CheckpointConfig.thread(thread), List.of(), "m", 15, expected);
    String copy = thread + "-copy";
    saver().copyThread(thread, copy);
    assertEveryCheckpointReadsBack(CheckpointConfig.thread(copy), expected);
    saver().deleteAfter(thread, main.get(7).checkpointId());
    expected.keySet().removeIf(id -> id.compareTo(main.get(7).checkpointId()) > 0);
    chain(main.get(7), expected.get(main.get(7).checkpointId()), "redo", 9, expected);
    assertEveryCheckpointReadsBack(CheckpointConfig.thread(thread), expected);
    saver().deleteThread(copy);
  }

  private static CompiledGraph chat(CheckpointSaver saver) {
    Key<List<String>> messages = Key.appending("messages", String.class);
    return StateGraph.of(Schema.of(messages))
        .addNode("reply", (s, rt) -> Update.of(messages, List.of("reply to " + s.get(messages).getLast())))
        .addEdge(StateGraph.START, "reply")
        .addEdge("reply", StateGraph.END)
        .compile(CompileOptions.checkpointer(saver));
  }

  private static List<Map<String, Object>> history(CompiledGraph graph, RunConfig config) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (StateSnapshot s : graph.getStateHistory(config)) {
      out.add(Map.of("values", s.values(), "next", s.next(), "source", s.metadata().source(),
          "step", s.metadata().step()));
    }
    return out;
  }

  private static Map<String, List<String>> turn(String text) {
    return Map.of("messages", List.of(text));
  }

  @Test
  void aChatGraphsHistoryAndForksAreTheSameAsInMemory() {
    CompiledGraph graph = chat(saver());
    CompiledGraph reference = chat(new InMemorySaver());
    RunConfig config = RunConfig.thread(thread);
    for (int i = 0; i < 15; i++) {
      assertEquals(reference.invoke(turn("user " + i), config).toMap(), graph.invoke(turn("user " + i), config).toMap());
    }
    assertEquals(history(reference, config), history(graph, config));
    int old = 20;
    String oldId = graph.getStateHistory(config).get(old).config().checkpointId();
    String oldReference = reference.getStateHistory(config).get(old).config().checkpointId();
    assertEquals(reference.getState(config.withCheckpointId(oldReference)).values(),
        graph.getState(config.withCheckpointId(oldId)).values());
    assertEquals(reference.invoke(turn("forked"), config.withCheckpointId(oldReference)).toMap(),
        graph.invoke(turn("forked"), config.withCheckpointId(oldId)).toMap());
    RunConfig edited = graph.updateState(config.withCheckpointId(oldId), turn("edited"), "reply");
    RunConfig editedReference = reference.updateState(config.withCheckpointId(oldReference), turn("edited"), "reply");
    assertEquals(reference.getState(editedReference).values(), graph.getState(edited).values());
    for (int i = 0; i < 3; i++) {
      assertEquals(reference.invoke(turn("more " + i), config).toMap(), graph.invoke(turn("more " + i), config).toMap());
    }
    assertEquals(history(reference, config), history(graph, config));
  }
}
