package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.pipeline.InMemorySkipStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stateless chat client: each turn sends the session's whole transcript to a new thread. Preflight
 * screens each patient message once per session (the server's Store remembers it), so a crisis the
 * patient has moved on from does not hijack every later turn, while a message never screened still is.
 */
class StatelessScreeningTest {
  final NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore());
  final CompiledGraph graph = NeuraTurn.graph(CompileOptions.checkpointer(new InMemorySaver())
      .withStore(new InMemoryStore()), deps);
  int threads;

  /** Sends {@code transcript} plus {@code message} to a new thread; appends both and the reply to the transcript. */
  State turn(List<Map<String, Object>> transcript, String session, String message) {
    transcript.add(Map.of("type", "human", "content", message));
    State s = graph.invoke(Map.of("messages", List.copyOf(transcript), "session_id", session, "patient_id", "pat-1"),
        RunConfig.thread("stateless-" + threads++).withContext(deps));
    transcript.add(Map.of("type", "ai", "content", s.get(TurnState.RESPONSE)));
    return s;
  }

  @Test
  void aCrisisThePatientHasMovedOnFromDoesNotHijackEveryLaterTurnOfAStatelessClient() {
    List<Map<String, Object>> transcript = new ArrayList<>();
    assertEquals(false, turn(transcript, "sess-1", "I've been struggling with insomnia lately").get(TurnState.SAFETY_HIJACKED));
    assertEquals("risk", turn(transcript, "sess-1", "some nights I wish I could just not wake up").get(TurnState.SAFETY_REASON));
    for (String later : List.of("thank you. I called the number and talked to someone, I'm safe tonight",
        "can I book an appointment with a sleep specialist?", "ok")) {
      State s = turn(transcript, "sess-1", later);
      assertEquals(false, s.get(TurnState.SAFETY_HIJACKED), later + " -> " + s.get(TurnState.SAFETY_REASON));
      assertEquals(later, s.get(TurnState.TURN_MESSAGE));
    }
  }

  @Test
  void aTranscriptMessageNeverScreenedInTheSessionIsStillScreened() {
    List<Map<String, Object>> transcript = new ArrayList<>();
    turn(transcript, "sess-2", "I've been struggling with insomnia lately");
    // the client sends two messages before the next reply: the crisis first, then a plain question
    transcript.add(Map.of("type", "human", "content", "I have the pills saved up and I'm going to take them tonight"));
    State s = turn(transcript, "sess-2", "anyway do you take my insurance?");
    assertEquals("risk", s.get(TurnState.SAFETY_REASON));
    assertEquals("anyway do you take my insurance?", s.get(TurnState.TURN_MESSAGE));
    // another session's record does not count: the same transcript in a new session is screened whole
    List<Map<String, Object>> other = new ArrayList<>(List.of(Map.of("type", "human",
        "content", "I have the pills saved up and I'm going to take them tonight")));
    assertEquals("risk", turn(other, "sess-3", "anyway do you take my insurance?").get(TurnState.SAFETY_REASON));
  }
}
