package dev.trellis.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Update, consume, finish and checkpoint round-trips of every channel kind. */
class ChannelKindsTest {

  @Test
  void lastValueKeepsTheLatestWrite() {
    LastValue c = new LastValue("x");
    assertFalse(c.isAvailable());
    assertTrue(c.update(List.of(1)));
    assertTrue(c.update(List.of(2)));
    assertEquals(2, c.get());
    assertFalse(c.update(List.of()), "an empty step changes nothing");
    assertEquals(2, c.get());
  }

  @Test
  void lastValueRejectsTwoWritesInOneStep() {
    ConcurrentWriteException e = assertThrows(ConcurrentWriteException.class, () -> new LastValue("x").update(List.of(1, 2)));
    assertEquals("x", e.channel());
    assertEquals(2, e.count());
  }

  @Test
  void lastValueRoundTripsThroughCheckpoint() {
    LastValue c = new LastValue("x");
    c.update(List.of("v"));
    assertEquals("v", c.fromCheckpoint(c.checkpoint()).get());
    assertSame(Channel.EMPTY, new LastValue("x").fromCheckpoint(Channel.EMPTY).get());
  }

  @Test
  void binaryOperatorAggregateFoldsWritesInOrder() {
    BinaryOperatorAggregate c = new BinaryOperatorAggregate((a, b) -> a + "," + b, () -> "start");
    assertTrue(c.update(List.of("a", "b")));
    assertEquals("start,a,b", c.get());
    assertEquals("start,a,b", c.fromCheckpoint(c.checkpoint()).get());
  }

  @Test
  void binaryOperatorAggregateWithoutInitialTakesFirstWrite() {
    BinaryOperatorAggregate c = new BinaryOperatorAggregate((a, b) -> (Integer) a + (Integer) b, null);
    assertFalse(c.isAvailable());
    c.update(List.of(5, 6));
    assertEquals(11, c.get());
  }

  @Test
  void ephemeralValueClearsAfterAStepWithoutWrites() {
    EphemeralValue c = new EphemeralValue("e", true);
    c.update(List.of("x"));
    assertEquals("x", c.get());
    assertTrue(c.update(List.of()));
    assertFalse(c.isAvailable());
    assertFalse(c.update(List.of()), "already empty: no change");
  }

  @Test
  void guardedEphemeralRejectsTwoWrites() {
    assertThrows(ConcurrentWriteException.class, () -> new EphemeralValue("e", true).update(List.of(1, 2)));
    EphemeralValue unguarded = new EphemeralValue("e", false);
    unguarded.update(List.of(1, 2));
    assertEquals(2, unguarded.get());
  }

  @Test
  void topicCollectsAndFlattensWritesPerStep() {
    Topic t = new Topic(false);
    t.update(List.of(1, List.of(2, 3)));
    assertEquals(List.of(1, 2, 3), t.get());
    assertTrue(t.update(List.of()), "a non-accumulating topic empties on the next step");
    assertFalse(t.isAvailable());
  }

  @Test
  void accumulatingTopicKeepsValuesAcrossSteps() {
    Topic t = new Topic(true);
    t.update(List.of(1));
    t.update(List.of(2));
    assertEquals(List.of(1, 2), t.get());
    assertEquals(List.of(1, 2), t.fromCheckpoint(t.checkpoint()).get());
  }

  @Test
  void namedBarrierIsAvailableOnlyWhenEveryNameArrived() {
    NamedBarrierValue b = new NamedBarrierValue("j", Set.of("a", "b"), false);
    b.update(List.of("a"));
    assertFalse(b.isAvailable());
    assertFalse(b.consume(), "an incomplete barrier is not consumed");
    NamedBarrierValue restored = (NamedBarrierValue) b.fromCheckpoint(b.checkpoint());
    restored.update(List.of("b"));
    assertTrue(restored.isAvailable());
    assertTrue(restored.consume());
    assertFalse(restored.isAvailable());
  }

  @Test
  void namedBarrierRejectsUnknownNames() {
    assertThrows(IllegalStateException.class,
        () -> new NamedBarrierValue("j", Set.of("a"), false).update(List.of("z")));
  }

  @Test
  void afterFinishBarrierWaitsForFinish() {
    NamedBarrierValue b = new NamedBarrierValue("j", Set.of("a"), true);
    b.update(List.of("a"));
    assertFalse(b.isAvailable());
    assertTrue(b.finish());
    assertTrue(b.isAvailable());
    NamedBarrierValue restored = (NamedBarrierValue) b.fromCheckpoint(b.checkpoint());
    assertTrue(restored.isAvailable());
    assertTrue(restored.consume());
    assertFalse(restored.isAvailable());
  }

  @Test
  void lastValueAfterFinishIsHiddenUntilFinish() {
    LastValueAfterFinish c = new LastValueAfterFinish();
    c.update(List.of("go"));
    assertFalse(c.isAvailable());
    assertTrue(c.finish());
    assertEquals("go", c.get());
    LastValueAfterFinish restored = (LastValueAfterFinish) c.fromCheckpoint(c.checkpoint());
    assertEquals("go", restored.get());
    assertTrue(restored.consume());
    assertFalse(restored.isAvailable());
  }

  @Test
  void anyValueAcceptsSeveralWritesAndClearsOnEmptyStep() {
    AnyValue c = new AnyValue();
    c.update(List.of(1, 1));
    assertEquals(1, c.get());
    assertTrue(c.update(List.of()));
    assertFalse(c.isAvailable());
  }

  @Test
  void untrackedValueIsNeverCheckpointed() {
    UntrackedValue c = new UntrackedValue("u", true);
    c.update(List.of("secret"));
    assertEquals("secret", c.get());
    assertSame(Channel.EMPTY, c.checkpoint());
    assertFalse(c.isTracked());
    assertFalse(c.fromCheckpoint("ignored").isAvailable());
  }
}
