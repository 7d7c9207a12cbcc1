package dev.trellis.checkpoint.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SerdeTest {
  enum Level { LOW, HIGH }

  record Inner(long id, Level level) {}

  record Simple(String name, List<Inner> items, Map<String, Object> extra, double score) {}

  private record Primitives(int count, boolean on, char letter, long big) {}

  record Positive(int value) {
    Positive {
      if (value <= 0) {
        throw new IllegalArgumentException("value must be positive");
      }
    }
  }

  private final JacksonSerde serde = new JacksonSerde();

  private Object roundTrip(Object v) {
    return serde.load(serde.dump(v));
  }

  @Test
  void plainJsonValuesRoundTrip() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("s", "x");
    m.put("i", 3);
    m.put("d", 2.5);
    m.put("b", true);
    m.put("n", null);
    m.put("l", List.of(1, "a", List.of()));
    assertEquals(m, roundTrip(m));
  }

  @Test
  void typesJsonWouldLoseRoundTrip() {
    List<Object> values = List.of(5L, 1.5f, (short) 2, (byte) 1, new BigDecimal("1.10"), 'c', UUID.randomUUID(),
        Instant.parse("2026-11-21T10:00:00Z"), LocalDate.of(2026, 1, 2), Duration.ofSeconds(90), Set.of("a"),
        Level.HIGH, Map.of(1, "int key"), Map.of("$dollar", 1));
    for (Object v : values) {
      assertEquals(v, roundTrip(v), "round trip of " + v.getClass());
    }
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) roundTrip(new byte[] {1, 2, 3}));
  }

  @Test
  void nestedRecordsRoundTrip() {
    Simple s = new Simple("n", List.of(new Inner(7L, Level.LOW)), Map.of("k", List.of(1)), 0.25);
    assertEquals(s, roundTrip(s));
  }

  @Test
  void privateRecordsWithPrimitiveComponentsRoundTrip() {
    Primitives p = new Primitives(3, true, 'x', 1L << 40);
    assertEquals(p, roundTrip(p));
    assertEquals(List.of(p, p), roundTrip(List.of(p, p)));
  }

  @Test
  void aRecordsOwnValidationFailingOnReadIsASerdeErrorNamingIt() {
    byte[] stored = serde.dump(new Positive(5));
    byte[] tampered = new String(stored, java.nio.charset.StandardCharsets.UTF_8).replace("5", "-5")
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    SerdeException e = assertThrows(SerdeException.class, () -> serde.load(tampered));
    assertTrue(e.getMessage().contains("value must be positive"), e.getMessage());
  }

  @Test
  void aRecordTypesComponentsAreLookedUpOncePerClass() {
    assertTrue(RecordShape.of(Inner.class) == RecordShape.of(Inner.class));
    assertEquals(List.of("id", "level"), List.of(RecordShape.of(Inner.class).names()));
    assertEquals(null, RecordShape.of(String.class));
  }

  @Test
  void storedJsonIsReadable() {
    String json = new String(serde.dump(Map.of("greeting", "hi")), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals("{\"greeting\":\"hi\"}", json);
  }

  @Test
  void allowListBlocksUnexpectedClasses() {
    JacksonSerde strict = new JacksonSerde(name -> name.startsWith("java."));
    byte[] bytes = serde.dump(new Inner(1, Level.LOW));
    SerdeException e = assertThrows(SerdeException.class, () -> strict.load(bytes));
    assertTrue(e.getMessage().contains("not allowed"), e.getMessage());
  }

  @Test
  void encryptedSerdeRoundTripsAndHidesThePlaintext() {
    EncryptedSerde enc = new EncryptedSerde(serde, new byte[32]);
    byte[] sealed = enc.dump(Map.of("secret", "patient-42"));
    assertTrue(!new String(sealed, java.nio.charset.StandardCharsets.ISO_8859_1).contains("patient-42"));
    assertEquals(Map.of("secret", "patient-42"), enc.load(sealed));
  }

  @Test
  void encryptedSerdeRejectsAWrongKeyAndTampering() {
    byte[] sealed = new EncryptedSerde(serde, new byte[16]).dump("x");
    byte[] otherKey = new byte[16];
    otherKey[0] = 1;
    assertThrows(SerdeException.class, () -> new EncryptedSerde(serde, otherKey).load(sealed));
    sealed[sealed.length - 1] ^= 1;
    assertThrows(SerdeException.class, () -> new EncryptedSerde(serde, new byte[16]).load(sealed));
  }

  @Test
  void encryptedSerdeNeedsAValidKeyLength() {
    assertThrows(IllegalArgumentException.class, () -> new EncryptedSerde(serde, new byte[7]));
  }
}
