package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StreamEventTest {
  @Test
  void anEventFromASubgraphNamesItsModeAndNamespace() {
    StreamEvent e = new StreamEvent("updates|research:1f2|deep:9a", Map.of("n", Map.of()), "7");
    assertEquals("updates", e.mode());
    assertEquals(List.of("research:1f2", "deep:9a"), e.namespace());
  }

  @Test
  void aRootEventHasAnEmptyNamespace() {
    StreamEvent e = new StreamEvent("values", Map.of(), "1");
    assertEquals("values", e.mode());
    assertEquals(List.of(), e.namespace());
  }

  @Test
  void dataMapRefusesDataThatIsNotAnObject() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new StreamEvent("custom", "text", "3").dataMap());
    assertEquals("event custom carries String, not an object", e.getMessage());
  }
}
