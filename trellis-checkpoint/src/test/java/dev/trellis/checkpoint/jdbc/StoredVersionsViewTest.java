package dev.trellis.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.serde.JacksonSerde;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The version maps handed to the serde are read-only entry arrays; they must read and write as the maps they replace. */
class StoredVersionsViewTest {
  private final JacksonSerde serde = new JacksonSerde();

  private static Map<String, Long> versions() {
    Map<String, Long> v = new LinkedHashMap<>();
    v.put("__start__", 2L);
    v.put("count", 12L);
    v.put("branch:to:n9", 12L);
    v.put("big", 1L << 40);
    v.put("negative", -3L);
    v.put("edge", (long) Integer.MAX_VALUE);
    v.put("past", Integer.MAX_VALUE + 1L);
    return v;
  }

  /** What the saver stored before: a LinkedHashMap with each int-sized version as an Integer. */
  private static Map<String, Object> asBefore(Map<String, Long> versions) {
    Map<String, Object> out = new LinkedHashMap<>();
    versions.forEach((k, v) -> out.put(k, v == (int) (long) v ? (Object) (int) (long) v : v));
    return out;
  }

  @Test
  void versionsAreWrittenByteForByteAsTheMapTheyReplace() {
    Map<String, Long> versions = versions();
    Map<String, Object> view = StoredVersions.of(versions);
    assertEquals(asBefore(versions), view);
    assertEquals(new ArrayList<>(versions.keySet()), new ArrayList<>(view.keySet()), "the source's order");
    assertArrayEquals(serde.dump(asBefore(versions)), serde.dump(view));
    assertTrue(StoredVersions.is(view));
  }

  @Test
  void versionsSeenAreWrittenByteForByteAsTheMapsTheyReplace() {
    Map<String, Map<String, Long>> seen = new LinkedHashMap<>();
    seen.put("__start__", Map.of("__start__", 1L));
    seen.put("n0", versions());
    seen.put("empty", Map.of());
    Map<String, Object> before = new LinkedHashMap<>();
    seen.forEach((node, row) -> before.put(node, asBefore(row)));
    Map<String, Object> view = StoredVersions.seen(seen);
    assertEquals(before, view);
    assertArrayEquals(serde.dump(before), serde.dump(view));
    assertTrue(StoredVersions.is(view.get("n0")));
  }

  @Test
  void writtenVersionsReadBackAsTheSameNumbers() {
    @SuppressWarnings("unchecked")
    Map<String, Object> read = (Map<String, Object>) serde.load(serde.dump(StoredVersions.of(versions())));
    Map<String, Long> back = new LinkedHashMap<>();
    read.forEach((k, v) -> back.put(k, ((Number) v).longValue()));
    assertEquals(versions(), back);
    assertEquals(List.copyOf(versions().keySet()), List.copyOf(back.keySet()));
  }
}
