package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link EventBus} must have; a bus's test extends this and supplies
 * {@link #bus()}. Run ids are unique per test, so a shared database needs no cleaning.
 * (It lives beside the server, not in trellis-testkit, because the EventBus SPI is the server's.)
 */
abstract class EventBusContract {
  /** The bus under test (may be shared between tests). */
  protected abstract EventBus bus();

  private final String run = "run-" + UUID.randomUUID();

  /** Generous: a wait that ends early when the event comes, so no test depends on speed. */
  private static final long WAIT = 10_000;

  private static RunEvent event(long seq) {
    return new RunEvent(seq, "values", "{\"n\":" + seq + "}");
  }

  private static List<Long> read(EventBus.Subscription sub, int count) throws InterruptedException {
    List<Long> seqs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      RunEvent e = sub.next(WAIT);
      assertNotNull(e, "event " + (i + 1) + " of " + count + " did not come");
      seqs.add(e.seq());
    }
    return seqs;
  }

  @Test
  void aSubscriberFromTheStartReadsEveryEventInOrderWithItsData() throws Exception {
    for (long i = 1; i <= 3; i++) {
      bus().publish(run, event(i));
    }
    try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
      RunEvent first = sub.next(WAIT);
      assertEquals(event(1), first);
      assertEquals(List.of(2L, 3L), read(sub, 2));
    }
  }

  @Test
  void aSubscriberResumesAfterTheSequenceItSaw() throws Exception {
    for (long i = 1; i <= 4; i++) {
      bus().publish(run, event(i));
    }
    try (EventBus.Subscription sub = bus().subscribe(run, 2)) {
      assertEquals(List.of(3L, 4L), read(sub, 2));
    }
  }

  @Test
  void nextGivesNullWhenNothingNewCameInTime() throws Exception {
    bus().publish(run, event(1));
    try (EventBus.Subscription sub = bus().subscribe(run, 1)) {
      assertNull(sub.next(50));
    }
  }

  @Test
  void aWaitingSubscriberReceivesWhatIsPublishedLaterUpToTheDoneMarker() throws Exception {
    CountDownLatch subscribed = new CountDownLatch(1);
    List<RunEvent> got = new ArrayList<>();
    Thread reader = Thread.ofVirtual().start(() -> {
      try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
        subscribed.countDown();
        for (RunEvent e = sub.next(WAIT); e != null; e = e.done() ? null : sub.next(WAIT)) {
          got.add(e);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    subscribed.await();
    bus().publish(run, event(1));
    bus().publish(run, event(2));
    bus().publish(run, new RunEvent(3, RunEvent.DONE, "{\"status\":\"success\"}"));
    reader.join();
    assertEquals(List.of(1L, 2L, 3L), got.stream().map(RunEvent::seq).toList());
    assertTrue(got.getLast().done());
    assertEquals("{\"status\":\"success\"}", got.getLast().data());
  }

  @Test
  void everySubscriberOfARunSeesAllItsEvents() throws Exception {
    try (EventBus.Subscription a = bus().subscribe(run, 0); EventBus.Subscription b = bus().subscribe(run, 0)) {
      bus().publish(run, event(1));
      bus().publish(run, event(2));
      assertEquals(List.of(1L, 2L), read(a, 2));
      assertEquals(List.of(1L, 2L), read(b, 2));
    }
  }

  @Test
  void runsAreSeparate() throws Exception {
    String other = run + "-other";
    bus().publish(run, event(1));
    bus().publish(other, event(1));
    bus().publish(other, event(2));
    assertEquals(1, bus().last(run));
    assertEquals(2, bus().last(other));
    try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
      assertEquals(List.of(1L), read(sub, 1));
      assertNull(sub.next(50), "the other run's events are not this run's");
    }
  }

  @Test
  void lastIsTheGreatestSequencePublishedAndZeroForAnUnknownRun() {
    assertEquals(0, bus().last(run));
    bus().publish(run, event(1));
    bus().publish(run, event(2));
    assertEquals(2, bus().last(run));
  }

  @Test
  void dropForgetsARunsEvents() throws Exception {
    bus().publish(run, event(1));
    bus().publish(run, event(2));
    bus().drop(run);
    assertEquals(0, bus().last(run));
    try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
      assertNull(sub.next(50));
    }
  }

  @Test
  void aResumableRunsEventsStayReplayableAfterItsEnd() throws Exception {
    bus().resumable(run);
    bus().publish(run, event(1));
    bus().publish(run, new RunEvent(2, RunEvent.DONE, null));
    try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
      assertEquals(List.of(1L, 2L), read(sub, 2));
    }
  }

  @Test
  void nextDonePassesOverEventsUntilTheDoneMarker() throws Exception {
    EventBus bus = bus();
    bus.publish(run, new RunEvent(1, "metadata", "{}"));
    try (EventBus.Subscription sub = bus.subscribe(run, 0)) {
      bus.publish(run, event(2));
      assertNull(sub.nextDone(20), "no done marker yet");
      Thread.ofVirtual().start(() -> {
        bus.publish(run, event(3));
        bus.publish(run, new RunEvent(4, RunEvent.DONE, "{\"a\":1}"));
      });
      RunEvent done = sub.nextDone(WAIT);
      assertNotNull(done, "the done marker came");
      assertEquals(4, done.seq());
      assertEquals("{\"a\":1}", done.data());
    }
  }

  @Test
  void expiryKeepsAnEndedResumableRunsEventsWithinTheirKeepTime() throws Exception {
    bus().resumable(run);
    bus().publish(run, event(1));
    bus().publish(run, new RunEvent(2, RunEvent.DONE, "{}"));
    bus().expire();
    assertEquals(2, bus().last(run));
    try (EventBus.Subscription sub = bus().subscribe(run, 0)) {
      assertEquals(List.of(1L, 2L), read(sub, 2));
    }
  }
}
