package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A turn's messages are read for themes once: {@code client_signal} reads each message of the session's slice and
 * hands its reading on ({@code read}), and the navigator takes the themes from there instead of reading the messages
 * again (until round sixteen both read every message, the navigator several times over).
 */
class ThemesReadOnceTest {
  @Test
  void clientSignalHandsOnEachMessagesReading() {
    @SuppressWarnings("unchecked")
    Map<String, Object> signal = (Map<String, Object>) AssemblyTools.clientSignal(List.of("I lie awake till 4",
        "and my wife walked out")).value();
    assertEquals(List.of(Map.of("message", AssemblyTools.digest("I lie awake till 4"), "themes", Map.of("insomnia", 2)),
        Map.of("message", AssemblyTools.digest("and my wife walked out"), "themes", Map.of("relationships", 7))), signal.get("read"));
    assertEquals(List.of("insomnia", "relationships"), signal.get("themes"));
  }

  @Test
  void theNavigatorTakesTheThemesClientSignalRead() {
    // a reading the navigator could not have made itself: the words name no theme
    Map<String, Object> signal = Map.of("themes", List.of("grief"), "read", List.of(
        Map.of("message", AssemblyTools.digest("it has been a long year"), "themes", Map.of("grief", 0))));
    State s = State.of(Map.of(TurnState.TURN_MESSAGE.name(), "it has been a long year",
        TurnState.MESSAGES.name(), List.of(new Message.Human(null, "it has been a long year")),
        TurnState.BUNDLE.name(), Map.of("sections", Map.of("client_signal", signal, "provider_genome",
            Map.of("providers", NeuraDeps.bundled().data().query("SELECT * FROM providers ORDER BY id"))))));
    Navigator.Plan plan = Navigator.plan(s);
    assertEquals(List.of("grief"), plan.reading().themes());
    assertEquals("concern", plan.reading().intent());
    assertEquals("prov-ben", plan.best().provider().id());
  }

  @Test
  void aMessageTheSignalDidNotReadIsReadByTheNavigator() {
    State s = State.of(Map.of(TurnState.TURN_MESSAGE.name(), "I lie awake till 4",
        TurnState.BUNDLE.name(), Map.of("sections", Map.of())));
    assertEquals(List.of("insomnia"), Navigator.plan(s).reading().themes());
  }

  @Test
  void theModelsContextLeavesTheReadingOut() {
    String context = Navigator.formatContext(Map.of("sections", Map.of("client_signal",
        AssemblyTools.clientSignal(List.of("I lie awake till 4")).value())));
    assertTrue(context.contains("insomnia"), context);
    assertFalse(context.contains("I lie awake till 4"), context);
  }
}
