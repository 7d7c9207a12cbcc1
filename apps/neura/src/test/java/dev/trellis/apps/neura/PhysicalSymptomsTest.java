package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.pipeline.InMemorySkipStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A patient who speaks of physical symptoms or asks about emergency care is told where to go (Neura matches
 * therapists and cannot assess them), not asked what support they would like. Found trying a thread as a user:
 * "should I go to the ER?" after three days of a worsening headache got "Could you tell me a bit more about what
 * you'd like support with?".
 */
class PhysicalSymptomsTest {
  final NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore());
  final CompiledGraph graph = NeuraTurn.graph(CompileOptions.checkpointer(new InMemorySaver())
      .withStore(new InMemoryStore()), deps);

  String reply(String thread, String message) {
    State s = graph.invoke(Map.of("message", message, "session_id", thread, "patient_id", "pat-ps"),
        RunConfig.thread(thread).withContext(deps));
    return s.get(TurnState.RESPONSE);
  }

  @Test
  void aQuestionAboutTheErAfterPhysicalSymptomsIsToldWhereToGo() {
    reply("ps-1", "hi, I've had a headache for three days and it's getting worse");
    String r = reply("ps-1", "should I go to the ER?");
    assertTrue(r.contains(PhysicalSymptoms.POINTER), r);
    assertFalse(r.contains("what you'd like support with"), r);
  }

  @Test
  void aMessageWithoutPhysicalSymptomsStillAsksWhatSupportTheyWouldLike() {
    String r = reply("ps-2", "I'm not sure where to start");
    assertFalse(r.contains(PhysicalSymptoms.POINTER), r);
  }

  @Test
  void symptomsAndCareQuestionsAreToldApartFromEverydayWords() {
    for (String m : new String[] {"I get dizzy when I stand up", "my chest pain came back", "can I see a doctor today?",
        "Should I go to urgent care?", "I fainted at work"}) {
      assertTrue(PhysicalSymptoms.mentioned(m), m);
    }
    for (String m : new String[] {"I'm looking for a therapist for my anxiety", "my boss is a headache",
        "I want to see someone about my grief", "er, what do you think?"}) {
      assertFalse(PhysicalSymptoms.mentioned(m), m);
    }
  }
}
