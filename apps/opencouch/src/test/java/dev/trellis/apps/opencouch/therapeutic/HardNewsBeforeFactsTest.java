package dev.trellis.apps.opencouch.therapeutic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.MemoryEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A message that carries a loss or something hard is answered as such even when it names someone or something the user
 * told us of earlier: the kept fact never answers it alone ("who is going to look after my dog now that my mom died?"
 * was answered "I remember that your dog is Rex. What's on your mind today?", the death unacknowledged).
 */
class HardNewsBeforeFactsTest {
  static String reply(String message, MemoryEntry fact) {
    return OfflineReplies.supportive(message, List.of(fact), List.of(), "en").text();
  }

  @Test
  void aDeathMentionedBesideARememberedPetIsAnsweredAsALoss() {
    MemoryEntry dog = new MemoryEntry("semantic", "The user's dog is Rex.", "k1", "relationship", 1.0);
    String r = reply("Who is going to look after my dog now that my mom died?", dog);
    assertTrue(r.startsWith("I'm so sorry for your loss."), r);
    assertFalse(r.contains("I remember that your dog is Rex"), r);
    assertTrue(reply("who is my dog?", dog).startsWith("I remember that your dog is Rex."), "a plain question still is");
  }

  @Test
  void somethingHardNamingARememberedPersonIsAnsweredAsHardNotWithTheFact() {
    MemoryEntry anna = new MemoryEntry("semantic", "The user's sister is Anna.", "k2", "relationship", 1.0);
    String r = reply("I can't remember the last time Anna called me, I feel so lonely", anna);
    assertFalse(r.startsWith("I remember that your sister is Anna."), r);
    assertTrue(r.contains("weighing on you"), r);
  }
}
