package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A thread checkpointed before round eighteen holds a pending confirmation that names its booking by a counter
 * ({@code seq}) and has no {@code ref}: it is treated as absent (the yes is read from the question's words, which name
 * the reference), never as a change of booking null (the turn crashed with a NullPointerException).
 */
class PendingBeforeReferencesTest extends ChatTurns {
  @Test
  void aPendingConfirmationWithoutAReferenceIsTreatedAsAbsent() {
    say("old-1", "pat-1", "can I see Ben thursday at 5pm?");
    String ref = (String) say("old-1", "pat-1", "yes").get(TurnState.BOOKING).get("ref");
    State asked = say("old-1", "pat-1", "please cancel my session with Ben");
    Map<String, Object> old = new HashMap<>(asked.get(TurnState.PENDING));
    old.remove("ref");
    old.put("seq", 1);
    Map<String, Object> values = new HashMap<>();
    values.put(TurnState.PENDING.name(), old);
    graph.updateState(RunConfig.thread("old-1"), values, StageId.FINALIZE.id());

    State yes = say("old-1", "pat-1", "yes");
    assertNull(yes.get(TurnState.ERROR));
    assertTrue(yes.get(TurnState.RESPONSE) != null && !yes.get(TurnState.RESPONSE).isBlank());
    // the yes is read from the question's own words, which name the booking by its reference
    assertTrue(yes.get(TurnState.RESPONSE).startsWith("Done — I've cancelled your session with Ben Okafor (booking #" + ref
        + ")"), yes.get(TurnState.RESPONSE));
    assertEquals("cancelled", deps.data().bookings().get("pat-1", ref).get("status"));
  }
}
