package dev.trellis.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A thread's state written with the text of its long lists reused is the text written whole. */
class StateJsonTest {
  private static Map<String, Object> state(List<Object> log, Object other) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("title", "a \"quoted\" title é");
    m.put("log", List.copyOf(log));
    m.put("other", other);
    return m;
  }

  @Test
  void appendsForksReplacementsAndShortListsWriteWhatAWholeWriteWrites() {
    String thread = java.util.UUID.randomUUID().toString();
    List<Object> log = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      log.add(Map.of("n", i, "text", "entry " + i));
    }
    Map<String, Object> first = state(log, null);
    assertEquals(Json.writePlain(first), StateJson.write(thread, first));
    log.add(Map.of("n", 100, "text", "appended"));
    log.add("a string");
    Map<String, Object> appended = state(log, List.of(1, 2));
    assertEquals(Json.writePlain(appended), StateJson.write(thread, appended), "an append reuses the text");
    List<Object> fork = new ArrayList<>(log.subList(0, 80));
    fork.add(Map.of("n", -1));
    Map<String, Object> forked = state(fork, Map.of("k", List.of()));
    assertEquals(Json.writePlain(forked), StateJson.write(thread, forked), "a shorter list with another tail");
    List<Object> replaced = new ArrayList<>(fork);
    replaced.set(3, Map.of("n", 3, "text", "edited"));
    replaced.add(7);
    Map<String, Object> edited = state(replaced, 1.5);
    assertEquals(Json.writePlain(edited), StateJson.write(thread, edited), "an element replaced in place");
    Map<String, Object> small = state(List.of(1, 2, 3), "x");
    assertEquals(Json.writePlain(small), StateJson.write(thread, small));
    assertEquals(Json.writePlain(edited), StateJson.write(null, edited));
  }

  @Test
  void twoLongListsOfOneStateEachReuseTheirOwnText() {
    String thread = java.util.UUID.randomUUID().toString();
    List<Object> a = new ArrayList<>();
    List<Object> b = new ArrayList<>();
    for (int i = 0; i < 70; i++) {
      a.add(Map.of("a", i));
      b.add("b" + i);
    }
    for (int run = 0; run < 3; run++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("a", List.copyOf(a));
      m.put("n", run);
      m.put("b", List.copyOf(b));
      assertEquals(Json.writePlain(m), StateJson.write(thread, m), "run " + run);
      a.add(Map.of("a", "more " + run));
      b.add("more " + run);
      b.add(run);
    }
  }
}
