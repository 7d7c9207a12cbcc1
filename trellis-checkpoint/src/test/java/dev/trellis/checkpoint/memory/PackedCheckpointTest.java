package dev.trellis.checkpoint.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The in-memory saver's packed form gives back what was saved: equal values, same number types, same ids. */
class PackedCheckpointTest {
  private final InMemorySaver saver = new InMemorySaver();
  private final CheckpointConfig thread = CheckpointConfig.thread("t");

  private Object roundTrip(Object value) {
    Map<String, Object> values = new HashMap<>();
    values.put("v", value);
    saver.put(thread, new Checkpoint(CheckpointIds.next(), Instant.now().toString(), values, Map.of("v", 1L), Map.of()),
        CheckpointMetadata.of("loop", 0));
    return saver.getTuple(thread).checkpoint().channelValues().get("v");
  }

  @Test
  void numbersKeepTheirTypes() {
    assertEquals(Integer.valueOf(-7), assertInstanceOf(Integer.class, roundTrip(-7)));
    assertEquals(Long.valueOf(Long.MIN_VALUE), assertInstanceOf(Long.class, roundTrip(Long.MIN_VALUE)));
    assertEquals(Double.valueOf(-0.0), assertInstanceOf(Double.class, roundTrip(-0.0)));
    assertEquals(Double.NaN, roundTrip(Double.NaN));
    assertEquals((short) 3, assertInstanceOf(Short.class, roundTrip((short) 3)));
    assertEquals(true, roundTrip(true));
    assertNull(roundTrip(null));
  }

  @Test
  void stringsOfAnyAlphabetComeBackEqual() {
    assertEquals("", roundTrip(""));
    assertEquals("café", roundTrip("café"));
    assertEquals("日本語 \uD83D\uDE00 and a lone \uD800", roundTrip("日本語 \uD83D\uDE00 and a lone \uD800"));
  }

  @Test
  void smallListsAndMapsComeBackEqualWithNullsAndOrder() {
    List<Object> list = new ArrayList<>(Arrays.asList(1, null, "x", 2L, List.of(true)));
    assertEquals(list, roundTrip(list));
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("z", 1);
    map.put("a", null);
    map.put("m", Map.of("k", List.of()));
    Object back = roundTrip(map);
    assertEquals(map, back);
    assertEquals(List.of("z", "a", "m"), new ArrayList<>(((Map<?, ?>) back).keySet()));
  }

  @Test
  @SuppressWarnings("unchecked")
  void copiedCollectionsCannotBeModified() {
    Object back = roundTrip(new ArrayList<>(List.of(1, 2)));
    assertThrows(UnsupportedOperationException.class, () -> ((List<Object>) back).add(3));
  }

  @Test
  void largeAndUnknownValuesAreKeptByReference() {
    List<String> big = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      big.add("message number " + i);
    }
    assertSame(big, roundTrip(big));
    TreeMap<String, Integer> sorted = new TreeMap<>(Map.of("b", 2, "a", 1));
    assertSame(sorted, roundTrip(sorted));
    Map<Integer, String> intKeys = new HashMap<>(Map.of(1, "one"));
    assertSame(intKeys, roundTrip(intKeys));
    Set<String> set = Set.of("a");
    assertSame(set, roundTrip(set));
    record Point(int x, int y) {}
    Point p = new Point(1, 2);
    assertSame(p, ((List<?>) roundTrip(List.of(p))).get(0));
  }

  @Test
  void idsThatAreNotHexSortAndComeBackAsGiven() {
    CheckpointMetadata md = CheckpointMetadata.of("update", 1);
    for (String id : List.of("b-2", "0000000000000000000000000000000a", "A", "ffffffffffffffffffffffffffffffff")) {
      saver.put(thread, new Checkpoint(id, null, Map.of(), Map.of(), Map.of()), md);
    }
    List<String> ids = saver.list(thread, null, 0).stream().map(t -> t.config().checkpointId()).toList();
    assertEquals(List.of("ffffffffffffffffffffffffffffffff", "b-2", "A", "0000000000000000000000000000000a"), ids);
    assertEquals(List.of("A", "0000000000000000000000000000000a"),
        saver.list(thread, "b-2", 0).stream().map(t -> t.config().checkpointId()).toList());
    assertNull(saver.getTuple(thread.withCheckpointId("A")).checkpoint().ts());
  }

  @Test
  void versionsSeenAndMetadataComeBackEqual() {
    Checkpoint cp = new Checkpoint(CheckpointIds.next(), "2026-01-01T00:00:00Z", Map.of("a", 1),
        Map.of("a", 3L, "branch:to:b", Long.MAX_VALUE), Map.of("b", Map.of("a", 2L), "__interrupt__", Map.of()));
    Map<String, Object> writes = new LinkedHashMap<>();
    writes.put("b", Map.of("a", 1));
    CheckpointMetadata md = new CheckpointMetadata("loop", -1, writes, Map.of("user", "ann", "n", 5));
    CheckpointConfig saved = saver.put(thread.withCheckpointId("parent"), cp, md);
    CheckpointTuple t = saver.getTuple(saved);
    assertEquals(cp, t.checkpoint());
    assertEquals(md, t.metadata());
    assertEquals("parent", t.parentConfig().checkpointId());
  }

  @Test
  void writesOfATaskWhoseIdDiffersFromTheirOwnKeepTheirOwn() {
    CheckpointConfig saved = saver.put(thread, new Checkpoint(CheckpointIds.next(), null, Map.of(), Map.of(), Map.of()),
        CheckpointMetadata.of("loop", 0));
    saver.putWrites(saved, "task-a", List.of(new PendingWrite("other", "x", 1), new PendingWrite("task-a", "y", 2)));
    saver.putWrites(saved, "task-b", List.of(new PendingWrite("task-b", PendingWrite.ERROR, "boom")));
    saver.putWrites(saved, "task-a", List.of(new PendingWrite("task-a", "z", 3)));
    assertEquals(List.of(new PendingWrite("task-a", "z", 3), new PendingWrite("task-b", PendingWrite.ERROR, "boom")),
        saver.getTuple(saved).pendingWrites());
  }
}
