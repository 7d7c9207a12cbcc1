package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContentHashTest {
  @Test
  void equalContentHashesEqualWhateverTheMapOrderOrNumberType() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("k", 3);
    a.put("nested", Map.of("x", List.of(1L, "two")));
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("nested", Map.of("x", List.of(1.0, "two")));
    b.put("k", 3L);
    assertEquals(ContentHash.of(a), ContentHash.of(b));
  }

  @Test
  void differentContentHashesDifferently() {
    assertNotEquals(ContentHash.of(Map.of("k", "3")), ContentHash.of(Map.of("k", 3)));
    assertNotEquals(ContentHash.of(List.of("a,b")), ContentHash.of(List.of("a", "b")));
    assertNotEquals(ContentHash.of(Map.of("k", 0.5)), ContentHash.of(Map.of("k", 0.25)));
  }
}
