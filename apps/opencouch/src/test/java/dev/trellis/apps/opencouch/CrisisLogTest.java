package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crisis log is written for every crisis turn, whatever the memory mode and whatever became of the reply. */
class CrisisLogTest {
  @Test
  void writtenWhenMemoryIsOffWhileNothingElseIsStored() {
    Couch couch = new Couch(null, MemoryMode.OFF);
    couch.turn("off-user", "s", "My name is Dana and I love hiking");
    State s = couch.turn("off-user", "s", "I want to end my life");
    assertEquals("crisis", CouchState.routing(s).route());
    List<CrisisRecord> records = couch.log.forUser("off-user");
    assertEquals(1, records.size());
    assertEquals("off", records.getFirst().memoryMode());
    assertEquals(2, records.getFirst().turn());
    assertTrue(couch.store.search(List.of("opencouch", "off-user"), Map.of(), 10, 0).isEmpty(), "memory off stores nothing");
  }

  @Test
  void writtenWhenTheModelFailsAndTheReplyFallsBack() {
    ChatModel down = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        throw new IllegalStateException("connection refused");
      }
    };
    Couch couch = new Couch(down, MemoryMode.PERSISTENT);
    State s = couch.turn("fb-user", "s", "I've been cutting myself again");
    assertEquals("fallback", CouchState.response(s).status());
    assertTrue(String.valueOf(CouchState.response(s).text()).contains("988"));
    assertEquals("fallback", couch.log.forUser("fb-user").getFirst().responseStatus());
  }

  @Test
  void writtenWhenTheResponseStepItselfFails() {
    ChatModel broken = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        throw new AssertionError("response step crashed");
      }
    };
    Couch couch = new Couch(broken, MemoryMode.SESSION);
    State s = couch.turn("err-user", "s", "I'm going to hurt someone at work tomorrow, I'll make them pay");
    assertEquals("failed", CouchState.response(s).status());
    assertTrue(String.valueOf(s.get(CouchState.DIAGNOSTICS).get("crisis_response_error")).contains("crashed"));
    List<CrisisRecord> records = couch.log.forUser("err-user");
    assertEquals(1, records.size());
    assertEquals("failed", records.getFirst().responseStatus());
    assertEquals("violence", records.getFirst().category());
    assertTrue(String.valueOf(CouchState.response(s).text()).contains("911"));
  }

  @Test
  void aRepeatedWriteOfTheSameTurnKeepsOneRecord() {
    Couch couch = new Couch();
    CrisisRecord r = new CrisisRecord("t:1", "t", "u", "s", 1, "high", "self_harm", "override", "x", "x", "ok", "persistent", 1);
    assertTrue(couch.log.append(r));
    assertTrue(!couch.log.append(r));
    assertEquals(1, couch.log.forThread("t").size());
    assertTrue(MemoryStore.KINDS.contains("semantic"));
  }
}
