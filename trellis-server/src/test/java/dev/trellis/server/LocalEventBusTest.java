package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.LocalEventBus;
import dev.trellis.server.queue.RunEvent;
import org.junit.jupiter.api.Test;

/** The event bus contract in this process's memory, and how long it keeps ended runs. */
class LocalEventBusTest extends EventBusContract {
  private final LocalEventBus bus = new LocalEventBus(60_000);

  @Override
  protected EventBus bus() {
    return bus;
  }

  @Test
  void pollHandsOutOnlyEventsAlreadyPublishedInOrder() throws Exception {
    bus.publish("r", new RunEvent(1, "metadata", "{}"));
    bus.publish("r", new RunEvent(2, "values", "{}"));
    try (EventBus.Subscription sub = bus.subscribe("r", 0)) {
      assertEquals(1, sub.next(100).seq());
      assertEquals(2, sub.poll().seq());
      assertNull(sub.poll(), "nothing else was published");
      bus.publish("r", new RunEvent(3, RunEvent.DONE, null));
      assertEquals(3, sub.poll().seq());
    }
  }

  @Test
  void aReaderWaitingForTheEndNeverSerialisesTheStepsEvents() throws Exception {
    java.util.concurrent.atomic.AtomicInteger writes = new java.util.concurrent.atomic.AtomicInteger();
    for (int i = 1; i <= 3; i++) {
      bus.publish("w", RunEvent.lazy(i, "values", () -> "{\"n\":" + writes.incrementAndGet() + "}"));
    }
    bus.publish("w", new RunEvent(4, RunEvent.DONE, "{\"n\":3}"));
    try (EventBus.Subscription sub = bus.subscribe("w", 0)) {
      assertEquals("{\"n\":3}", sub.nextDone(1_000).data());
    }
    assertEquals(0, writes.get(), "no step event was serialised for a reader of the end");
    try (EventBus.Subscription sub = bus.subscribe("w", 1)) {
      assertEquals("{\"n\":1}", sub.next(1_000).data(), "a joining reader gets the event serialised then");
      assertEquals("{\"n\":1}", bus.subscribe("w", 1).next(1_000).data(), "and every later reader the same text");
    }
    assertEquals(1, writes.get());
  }

  @Test
  void resumableRunsAreForgottenAfterTheKeepTime() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000);
    LocalEventBus bus = new LocalEventBus(50, now::get);
    bus.resumable("old");
    bus.resumable("new");
    bus.publish("old", new RunEvent(1, RunEvent.DONE, null));
    now.addAndGet(80);
    bus.publish("new", new RunEvent(1, RunEvent.DONE, null));
    assertEquals(0, bus.last("old"));
    assertEquals(1, bus.last("new"));
  }

  @Test
  void otherRunsAreForgottenSoonerThanResumableOnes() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000);
    LocalEventBus bus = new LocalEventBus(600_000, now::get);
    bus.resumable("kept");
    bus.publish("kept", new RunEvent(1, RunEvent.DONE, null));
    bus.publish("plain", new RunEvent(1, RunEvent.DONE, null));
    now.addAndGet(LocalEventBus.SHORT_KEEP_MILLIS + 100);
    bus.publish("later", new RunEvent(1, RunEvent.DONE, null));
    assertEquals(0, bus.last("plain"));
    assertEquals(1, bus.last("kept"));
  }

  @Test
  void pastTheCountKeptTheOtherRunsThatEndedFirstAreForgottenWithinTheKeepTime() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000);
    LocalEventBus bus = new LocalEventBus(600_000, now::get, 1_000_000, 3);
    bus.resumable("resumable");
    bus.publish("resumable", new RunEvent(1, RunEvent.DONE, null));
    for (String run : java.util.List.of("first", "second", "third", "fourth", "fifth")) {
      bus.publish(run, new RunEvent(1, "values", "{}"));
      bus.publish(run, new RunEvent(2, RunEvent.DONE, null));
    }
    assertEquals(0, bus.last("first"), "ended first, past the three kept");
    assertEquals(0, bus.last("second"));
    assertEquals(2, bus.last("third"));
    assertEquals(2, bus.last("fifth"));
    assertEquals(1, bus.last("resumable"), "a resumable run is kept for its own keep time, whatever the count");
    bus.publish("running", new RunEvent(1, "values", "{}"));
    bus.publish("sixth", new RunEvent(1, RunEvent.DONE, null));
    assertEquals(0, bus.last("third"));
    assertEquals(1, bus.last("running"), "a running run's events are never dropped");
  }

  @Test
  void endedRunsOverTheByteBudgetAreDroppedOldestFirstWithinTheKeepTime() {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000);
    LocalEventBus bus = new LocalEventBus(600_000, now::get, 2_500);
    String big = "x".repeat(1_000);
    bus.publish("running", new RunEvent(1, "values", big));
    bus.publish("running", new RunEvent(2, "values", big));
    bus.publish("running", new RunEvent(3, "values", big));
    for (String run : java.util.List.of("first", "second", "third")) {
      bus.publish(run, new RunEvent(1, "values", big));
      bus.publish(run, new RunEvent(2, RunEvent.DONE, null));
    }
    assertEquals(0, bus.last("first"), "the run that ended first went to stay under the budget");
    assertEquals(2, bus.last("second"));
    assertEquals(2, bus.last("third"));
    assertEquals(3, bus.last("running"), "a running run's events are never dropped");
  }

  @Test
  void runsEndingOnManyThreadsAtOnceAreAllForgottenAfterTheKeepTime() throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000);
    LocalEventBus bus = new LocalEventBus(600_000, now::get, 1_000_000);
    java.util.List<Thread> threads = new java.util.ArrayList<>();
    for (int t = 0; t < 8; t++) {
      int first = t * 50;
      threads.add(Thread.ofVirtual().start(() -> {
        for (int i = first; i < first + 50; i++) {
          bus.publish("run-" + i, new RunEvent(1, "values", "x".repeat(100)));
          bus.publish("run-" + i, new RunEvent(2, RunEvent.DONE, "{}"));
        }
      }));
    }
    for (Thread t : threads) {
      t.join();
    }
    for (int i = 0; i < 400; i++) {
      assertEquals(2, bus.last("run-" + i), "an ended run is kept for late readers");
    }
    now.addAndGet(LocalEventBus.SHORT_KEEP_MILLIS + 100);
    bus.publish("later", new RunEvent(1, RunEvent.DONE, null));
    for (int i = 0; i < 400; i++) {
      assertEquals(0, bus.last("run-" + i), "run-" + i + " outlived the keep time");
    }
    assertEquals(1, bus.last("later"));
  }
}
