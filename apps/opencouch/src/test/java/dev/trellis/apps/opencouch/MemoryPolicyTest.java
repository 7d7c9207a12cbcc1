package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.apps.opencouch.memory.ExtractorNode;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.memory.WritePolicy;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Memory never harms: nothing written to memory or shown from it quotes a crisis statement or names an internal label. */
class MemoryPolicyTest {
  static final String MISSED_PLAN = "I'm going to jump off the bridge tonight";

  static void assertHarmless(String shown) {
    String low = shown.toLowerCase(Locale.ROOT);
    assertFalse(low.contains("bridge") || low.contains("jump"), "quotes the crisis statement: " + shown);
    assertFalse(low.contains("modes used") || low.contains("supportive"), "names an internal label: " + shown);
  }

  static List<String> kept(Couch couch, String user, String kind) {
    return couch.store.search(MemoryStore.kept(user, kind), Map.of(), 50, 0).stream()
        .map(i -> String.valueOf(i.value().get("text"))).toList();
  }

  @Test
  void theNextSessionNeverQuotesAMissedCrisisPlanBack() {
    Couch couch = new Couch();
    couch.turn("ivy", "s1", MISSED_PLAN);
    couch.turn("ivy", "s1", "work has been so stressful lately");
    State end = couch.endSession("ivy", "s1");
    assertHarmless(end.get(SessionEnd.SUMMARY));
    kept(couch, "ivy", "episodic").forEach(MemoryPolicyTest::assertHarmless);
    State next = couch.turn("ivy", "s2", "hi, work is stressful again");
    assertHarmless(String.valueOf(CouchState.response(next).text()));
    CouchState.workingMemory(next).forEach(e -> assertHarmless(String.valueOf(e.text())));
  }

  @Test
  void aTurnNoteOfAMessageTheGateLetThroughKeepsItsTopicsNotItsWords() {
    // the extractor on its own, as on a turn the gate routed to the therapeutic branch, whatever the gate decides today
    Couch couch = new Couch();
    ExtractorNode facts = ExtractorNode.semantic(couch.context);
    CompiledGraph lane = StateGraph.of(CouchState.SCHEMA).addNode(facts.name(), facts)
        .addEdge(StateGraph.START, facts.name()).addEdge(facts.name(), StateGraph.END).compile(CompileOptions.DEFAULT);
    lane.invoke(Map.of("message", "My boss said I'll be let go and honestly I'm going to jump off the bridge tonight",
        "user_id", "jo", "session_id", "s1", "turn", 1, "routing", Map.of("route", "therapeutic", "mode", "supportive"),
        "crisis", Map.of("detected", false, "severity", "none")), RunConfig.DEFAULT.withContext(couch.context));
    List<Item> notes = couch.context.memoryStore().all(MemoryStore.notes("jo", "s1"));
    assertEquals(1, notes.size());
    assertFalse(notes.getFirst().value().containsKey("text"), notes.getFirst().value().toString());
    assertEquals(List.of("work"), notes.getFirst().value().get("topics"));
    State end = couch.endSession("jo", "s1");
    assertEquals("In an earlier session the user talked about work.", end.get(SessionEnd.SUMMARY));
  }

  @Test
  void aModelSummaryThatQuotesACrisisIsRefusedForTheDeterministicOne() {
    ChatModel model = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        String system = String.valueOf(request.messages().getFirst().text());
        if (system.startsWith("Summarise")) {
          return Message.ai("{\"summary\": \"The user said: " + MISSED_PLAN + ". Modes used: supportive.\"}");
        }
        throw new IllegalStateException("only the summary is scripted");
      }
    };
    Couch couch = new Couch(model, MemoryMode.PERSISTENT);
    couch.turn("kit", "s1", "my sister and I argued all weekend");
    State end = couch.endSession("kit", "s1");
    assertEquals("In an earlier session the user talked about family.", end.get(SessionEnd.SUMMARY));
    assertTrue(String.valueOf(end.get(CouchState.DIAGNOSTICS).get("summary_source")).contains("write policy"));
  }

  @Test
  void aMemoryWrittenBeforeThePolicyIsNeverShown() {
    Couch couch = new Couch();
    couch.context.memoryStore().remember(MemoryStore.kept("lee", "episodic"), Map.of("text",
        "In an earlier session the user talked about: " + MISSED_PLAN + ". Modes used: supportive.", "kind", "episodic"));
    State s = couch.turn("lee", "s2", "work has been stressful again, like in our last session");
    CouchState.workingMemory(s).forEach(e -> assertFalse(String.valueOf(e.text()).contains("Modes used")));
    assertFalse(String.valueOf(CouchState.response(s).text()).contains("Modes used"));
    assertEquals(1, s.get(CouchState.DIAGNOSTICS).get("memory_screened"));
  }

  @Test
  void theWritePolicyDropsHarmAndLabelsInEveryLocale() {
    for (String unsafe : List.of(MISSED_PLAN, "nobody would even notice if I was gone", "I took a whole bunch of pills",
        "I cut again last night", "Ich will nicht mehr leben", "je veux en finir", "Modes used: supportive")) {
      assertFalse(WritePolicy.safeToKeep(unsafe), unsafe);
    }
    assertTrue(WritePolicy.safeToKeep("The user's sister is Maya."));
    assertTrue(WritePolicy.safeToKeep("In an earlier session the user talked about work and sleep."));
  }
}
