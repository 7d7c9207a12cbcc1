package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.ExtractorNode;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Memory written by the extractors' write policy, recalled by hybrid retrieval, promoted and summarised at session end. */
class MemoryTest {
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> decisions(State s, String kind) {
    return (List<Map<String, Object>>) s.get(CouchState.DIAGNOSTICS).get(kind + "_decisions");
  }

  static List<String> texts(State s, String type) {
    return CouchState.workingMemory(s).stream().filter(e -> type.equals(e.type()))
        .map(e -> String.valueOf(e.text())).toList();
  }

  @Test
  void lowRiskFactsCommitNowAndAreRecalledInALaterSession() {
    Couch couch = new Couch();
    State first = couch.turn("ana", "s1", "My sister Maya has been really distant and I work as a nurse");
    assertEquals(List.of("commit", "commit"), decisions(first, "semantic").stream().map(d -> d.get("decision")).toList());
    State later = couch.turn("ana", "s2", "I had another argument with my sister yesterday");
    assertTrue(texts(later, "semantic").contains("The user's sister is Maya."), CouchState.workingMemory(later).toString());
    assertTrue(String.valueOf(CouchState.response(later).text()).contains("your sister is Maya"));
  }

  @Test
  void smallTalkSkipsExtraction() {
    Couch couch = new Couch();
    State s = couch.turn("ben", "s1", "thanks!");
    assertEquals("small_talk", s.get(CouchState.DIAGNOSTICS).get("extract_facts_skipped"));
    assertEquals("small_talk", s.get(CouchState.DIAGNOSTICS).get("extract_procedural_skipped"));
  }

  @Test
  void sensitiveFactsAndImpliedPreferencesWaitForSessionEnd() {
    Couch couch = new Couch();
    State s = couch.turn("cy", "s1", "I was diagnosed with ADHD last year. It helps when you ask me one thing at a time.");
    assertEquals("hold", decisions(s, "semantic").getFirst().get("decision"));
    assertEquals("hold", decisions(s, "procedural").getFirst().get("decision"));
    assertEquals(2, ExtractorNode.held(couch.context.memoryStore(), "cy", "s1").size());
    assertTrue(couch.store.search(MemoryStore.kept("cy", "semantic"), Map.of(), 10, 0).isEmpty());

    State end = couch.endSession("cy", "s1");
    assertEquals(2, SessionEnd.committed(end).size());
    assertEquals("In an earlier session the user talked about health.", end.get(SessionEnd.SUMMARY));
    assertTrue(ExtractorNode.held(couch.context.memoryStore(), "cy", "s1").isEmpty());
    List<Item> episodic = couch.store.search(MemoryStore.kept("cy", "episodic"), Map.of(), 10, 0);
    assertEquals(1, episodic.size());

    State next = couch.turn("cy", "s2", "my ADHD made work hard again today");
    assertTrue(texts(next, "semantic").contains("The user has ADHD."), CouchState.workingMemory(next).toString());
    assertEquals(1, texts(next, "episodic").size());
    assertEquals(1, texts(next, "procedural").size());
  }

  @Test
  void explicitInstructionsCommitAndShapeTheNextReply() {
    Couch couch = new Couch();
    couch.turn("dee", "s1", "Please call me Dee. Keep it short.");
    State s = couch.turn("dee", "s2", "work was awful today and my manager yelled at me in front of everyone");
    String reply = String.valueOf(CouchState.response(s).text());
    assertTrue(reply.startsWith("Dee, "), reply);
    assertEquals(2, texts(s, "procedural").size());
  }

  @Test
  void aDescribedHabitIsNotTakenForAnInstruction() {
    Couch couch = new Couch();
    State s = couch.turn("hal", "s1", "I always end up feeling guilty again. Please always ask before giving advice.");
    assertEquals(List.of("Always ask before giving advice."), decisions(s, "procedural").stream().map(d -> d.get("text")).toList());
  }

  @Test
  void sessionModeForgetsAtSessionEndAndPersistentModeKeeps() {
    Couch couch = new Couch(null, MemoryMode.SESSION);
    couch.turn("eve", "s1", "I have a dog named Biscuit");
    State same = couch.turn("eve", "s1", "Biscuit was sick all night and I am worried about my dog");
    assertTrue(texts(same, "semantic").contains("The user has a dog named Biscuit."));
    couch.endSession("eve", "s1");
    State next = couch.turn("eve", "s2", "my dog is better today");
    assertTrue(texts(next, "semantic").isEmpty(), CouchState.workingMemory(next).toString());
    assertTrue(couch.store.search(List.of("opencouch", "eve"), Map.of(), 50, 0).stream()
        .noneMatch(i -> i.namespace().contains("episodic")), "session mode keeps no summary");
  }

  @Test
  void memoryOffReadsAndWritesNothing() {
    Couch couch = new Couch(null, MemoryMode.OFF);
    State s = couch.turn("fay", "s1", "My name is Fay and I live in Lisbon");
    assertEquals("memory_off", s.get(CouchState.DIAGNOSTICS).get("extract_facts_skipped"));
    assertTrue(CouchState.workingMemory(s).isEmpty());
    assertTrue(couch.store.search(List.of("opencouch"), Map.of(), 10, 0).isEmpty());
    assertFalse(couch.endSession("fay", "s1").get(SessionEnd.SUMMARY) == null);
  }

  @Test
  void hybridRetrievalFindsByMeaningAsWellAsByKeyword() {
    Couch couch = new Couch();
    MemoryStore m = couch.context.memoryStore();
    m.remember(MemoryStore.kept("gus", "semantic"), Map.of("text", "The user has a dog named Rex."));
    m.remember(MemoryStore.kept("gus", "semantic"), Map.of("text", "The user works as a teacher."));
    m.remember(MemoryStore.kept("gus", "semantic"), Map.of("text", "The user lives in Porto."));
    List<Item> byMeaning = m.retrieve(MemoryStore.kept("gus", "semantic"), "my puppy chewed my shoes", 1);
    assertEquals("The user has a dog named Rex.", byMeaning.getFirst().value().get("text"));
    List<Item> byKeyword = m.retrieve(MemoryStore.kept("gus", "semantic"), "Porto traffic", 1);
    assertEquals("The user lives in Porto.", byKeyword.getFirst().value().get("text"));
  }
}
