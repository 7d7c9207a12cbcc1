package dev.trellis.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Rrf;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RrfTest {
  private static Item item(String key) {
    return new Item(List.of("ns"), key, Map.of(), Instant.EPOCH, Instant.EPOCH);
  }

  private static List<String> keys(List<Item> items) {
    return items.stream().map(Item::key).toList();
  }

  @Test
  void anItemHighInBothRankingsBeatsOneAtTheTopOfOnlyOne() {
    List<Item> fused = Rrf.fuse(List.of(List.of(item("a"), item("b"), item("c")), List.of(item("b"), item("d"))), 60);
    assertEquals(List.of("b", "a", "d", "c"), keys(fused));
    assertEquals(1.0 / 62 + 1.0 / 61, fused.getFirst().score(), 1e-12);
    assertEquals(1.0 / 61, fused.get(1).score(), 1e-12);
  }

  @Test
  void tiesKeepTheOrderOfFirstAppearance() {
    assertEquals(List.of("x", "y"), keys(Rrf.fuse(List.of(List.of(item("x")), List.of(item("y"))), 60)));
  }

  @Test
  void kMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> Rrf.fuse(List.of(), 0));
  }
}
