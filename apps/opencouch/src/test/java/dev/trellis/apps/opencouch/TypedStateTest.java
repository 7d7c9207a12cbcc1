package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code history}, {@code transcript} and the turn's values ({@code crisis}, {@code routing},
 * {@code response}, {@code working_memory}, {@code pending_question}) hold records that the
 * checkpoint serde keeps as records through SQLite; a thread checkpointed when history and
 * transcript held maps goes on (the other values' maps: {@link MapCheckpointTest}).
 */
class TypedStateTest {
  final Couch couch = new Couch();

  @Test
  void historyAndTranscriptComeBackFromTheCheckpointAsRecords() {
    couch.turn("u1", "s1", "I've been feeling really lonely since I moved");
    // a graph compiled afresh on the same file reads the thread from the checkpoint alone
    CompiledGraph again = OpenCouch.graph(CompileOptions.checkpointer(new JdbcSaver(couch.store.database(),
        new JacksonSerde())).withStore(couch.store), couch.context);
    Map<String, Object> values = again.getState(couch.config("s1")).values();
    List<?> history = (List<?>) values.get("history");
    List<?> transcript = (List<?>) values.get("transcript");
    assertEquals(new HistoryEntry("user", "I've been feeling really lonely since I moved"), history.getFirst());
    assertTrue(history.get(1) instanceof HistoryEntry h && h.role().equals("assistant"), history.toString());
    assertEquals(TranscriptEntry.user(1, "I've been feeling really lonely since I moved"), transcript.getFirst());
    assertTrue(transcript.get(1) instanceof TranscriptEntry t && t.route().equals("therapeutic")
        && t.mode().equals("supportive"), transcript.toString());
  }

  @Test
  void theTurnsValuesComeBackFromTheCheckpointAsRecords() {
    couch.turn("u3", "s3", "My sister Maya has been really supportive lately");
    couch.turn("u3", "s3", "What's my sister's name?");
    CompiledGraph again = OpenCouch.graph(CompileOptions.checkpointer(new JdbcSaver(couch.store.database(),
        new JacksonSerde())).withStore(couch.store), couch.context);
    Map<String, Object> values = again.getState(couch.config("s3")).values();
    assertTrue(values.get("crisis") instanceof Assessment a && !a.crisis() && a.route().equals("therapeutic"),
        String.valueOf(values.get("crisis")));
    assertEquals(Routing.therapeutic("supportive"), values.get("routing"));
    assertTrue(values.get("response") instanceof Response r && r.text().contains("your sister is Maya")
        && r.messageId() != null, String.valueOf(values.get("response")));
    assertEquals(AskedQuestion.NONE, values.get("pending_question"));
    List<?> memory = (List<?>) values.get("working_memory");
    assertTrue(memory.getFirst() instanceof MemoryEntry e && e.type().equals("semantic")
        && e.text().equals("The user's sister is Maya."), memory.toString());

    couch.turn("u3", "s3", "I want to kill myself");
    values = again.getState(couch.config("s3")).values();
    assertEquals(Routing.to("crisis"), values.get("routing"));
    assertEquals(PendingQuestion.ACTING_NOW.asked("en-US"), values.get("pending_question"));
  }

  @Test
  void aThreadCheckpointedWithMapEntriesGoesOn() {
    // what OpenCouch checkpointed before its entries were records: plain {role, content} maps
    @SuppressWarnings({"unchecked", "rawtypes"})
    Key<List<Map<String, Object>>> history = (Key) Key.appending("history", Map.class);
    @SuppressWarnings({"unchecked", "rawtypes"})
    Key<List<Map<String, Object>>> transcript = (Key) Key.appending("transcript", Map.class);
    Key<Integer> turn = Key.of("turn", Integer.class);
    CompiledGraph old = StateGraph.of(Schema.of(history, transcript, turn))
        .addNode("old_turn", (s, rt) -> Update.of(history, List.of(Map.<String, Object>of("role", "user", "content", "hello"),
                Map.<String, Object>of("role", "assistant", "content", "Hi, it's good to hear from you.")))
            .and(transcript, List.of(Map.<String, Object>of("turn", 1, "role", "user", "content", "hello"),
                Map.<String, Object>of("turn", 1, "role", "assistant", "content", "Hi, it's good to hear from you.",
                    "route", "crisis")))
            .and(turn, 1))
        .addEdge(StateGraph.START, "old_turn")
        .compile(CompileOptions.checkpointer(new JdbcSaver(couch.store.database(), new JacksonSerde())));
    old.invoke(Map.of(), couch.config("s2"));

    // the crisis gate reads the old transcript: the last reply was a crisis reply, so a bare "yes" answers its question
    couch.turn("u2", "s2", "yes");
    Map<String, Object> values = couch.graph.getState(couch.config("s2")).values();
    assertEquals(2, values.get("turn"), "the old user turn counts");
    List<?> entries = (List<?>) values.get("history");
    assertEquals(4, entries.size(), entries.toString());
    assertTrue(entries.stream().allMatch(e -> e instanceof HistoryEntry), "the old maps are records once appended to: " + entries);
    assertEquals(new HistoryEntry("user", "hello"), entries.getFirst());
    List<?> recorded = (List<?>) values.get("transcript");
    assertEquals(TranscriptEntry.assistant(1, "Hi, it's good to hear from you.", "crisis", null), recorded.get(1));
    assertEquals("crisis", ((TranscriptEntry) recorded.getLast()).route(), "a yes after a crisis reply stays on the crisis path");
  }
}
