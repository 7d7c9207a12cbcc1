package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.checkpoint.store.StoreTtl;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A store's default TTL and refresh-on-read settings, on the in-memory store with a hand-moved clock. */
class InMemoryStoreTtlTest {
  static final List<String> NS = List.of("prefs");

  final TestClock clock = TestClock.at(Instant.parse("2026-01-01T00:00:00Z"));
  final InMemoryStore raw = new InMemoryStore(clock, null);

  @Test
  void itemsPutWithoutATtlExpireAfterTheDefault() {
    Store store = new StoreTtl(Duration.ofMinutes(10), true, Duration.ofMinutes(1)).applyTo(raw);
    store.put(NS, "theme", Map.of("v", "dark"));
    store.put(NS, "lang", Map.of("v", "fr"), null, Duration.ofMinutes(60));
    clock.advance(Duration.ofMinutes(11));
    assertNull(store.get(NS, "theme"), "expired after the default TTL");
    assertNotNull(store.get(NS, "lang"), "its own TTL replaces the default");
  }

  @Test
  void aReadRestartsTheTtlWhenReadsRefresh() {
    Store store = new StoreTtl(Duration.ofMinutes(10), true, Duration.ofMinutes(1)).applyTo(raw);
    store.put(NS, "theme", Map.of("v", "dark"));
    clock.advance(Duration.ofMinutes(8));
    assertNotNull(store.get(NS, "theme"));
    clock.advance(Duration.ofMinutes(8));
    assertNotNull(store.get(NS, "theme"), "16 minutes after the put but 8 after the read");
    assertEquals(1, store.search(NS, Map.of(), 10, 0).size());
    clock.advance(Duration.ofMinutes(8));
    assertEquals(1, store.search(NS, Map.of(), 10, 0).size(), "a search refreshes too");
    clock.advance(Duration.ofMinutes(11));
    assertNull(store.get(NS, "theme"), "unread for longer than the TTL");
  }

  @Test
  void readsDoNotRefreshWhenRefreshOnReadIsOff() {
    Store store = new StoreTtl(Duration.ofMinutes(10), false, Duration.ofMinutes(1)).applyTo(raw);
    store.put(NS, "theme", Map.of("v", "dark"));
    clock.advance(Duration.ofMinutes(8));
    assertNotNull(store.get(NS, "theme"));
    assertEquals(1, store.search(NS, Map.of(), 10, 0).size());
    clock.advance(Duration.ofMinutes(3));
    assertNull(store.get(NS, "theme"), "expired 10 minutes after the put although it was read");
  }

  @Test
  void expiredItemsAreSweptThroughTheSettings() {
    Store store = new StoreTtl(Duration.ofMinutes(10), true, Duration.ofMinutes(1)).applyTo(raw);
    store.put(NS, "a", Map.of("v", 1));
    store.put(NS, "b", Map.of("v", 2), null, Duration.ofHours(1));
    clock.advance(Duration.ofMinutes(11));
    assertEquals(1, store.sweep());
  }

  @Test
  void settingsThatChangeNothingLeaveTheStoreAsItIs() {
    assertSame(raw, StoreTtl.DEFAULT.applyTo(raw));
    assertSame(raw, StoreTtl.DEFAULT.withSweepInterval(Duration.ofMinutes(5)).applyTo(raw));
  }

  @Test
  void badSettingsAreRefusedNamingTheField() {
    var e = assertThrows(IllegalArgumentException.class, () -> StoreTtl.DEFAULT.withDefaultTtl(Duration.ZERO));
    assertTrue(e.getMessage().contains("default TTL"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> StoreTtl.DEFAULT.withSweepInterval(Duration.ofSeconds(-1)));
    assertTrue(e.getMessage().contains("sweep interval"), e.getMessage());
  }
}
