package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.queue.NewRuns;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NewRunsTest {
  @Test
  void announcingARunWakesTheThreadsWaitingStream() throws Exception {
    NewRuns runs = new NewRuns();
    try (NewRuns.Ticket t = runs.watch("thread-a")) {
      long before = t.version();
      CountDownLatch woke = new CountDownLatch(1);
      Thread waiter = Thread.ofVirtual().start(() -> {
        try {
          t.await(before, 60_000);
          woke.countDown();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      runs.announce("thread-a");
      assertTrue(woke.await(30, TimeUnit.SECONDS), "the waiter woke before its minute passed");
      waiter.join();
      assertEquals(before + 1, t.version());
    }
  }

  @Test
  void aRunAnnouncedBetweenTheLookAndTheWaitIsNotMissed() throws Exception {
    NewRuns runs = new NewRuns();
    try (NewRuns.Ticket t = runs.watch("thread-a")) {
      long before = t.version();
      runs.announce("thread-a");
      t.await(before, 60_000); // returns at once: the version moved already
      assertEquals(before + 1, t.version());
    }
  }

  @Test
  void anotherThreadsRunDoesNotCountForThisOne() throws Exception {
    NewRuns runs = new NewRuns();
    try (NewRuns.Ticket a = runs.watch("thread-a"); NewRuns.Ticket b = runs.watch("thread-b")) {
      long before = a.version();
      runs.announce("thread-b");
      a.await(before, 1);
      assertEquals(before, a.version());
      assertEquals(1, b.version());
    }
  }

  @Test
  void aThreadWatchedAgainAfterItsStreamsClosedStartsAfresh() {
    NewRuns runs = new NewRuns();
    try (NewRuns.Ticket t = runs.watch("thread-a")) {
      runs.announce("thread-a");
      assertEquals(1, t.version());
    }
    runs.announce("thread-a"); // nobody watches: nothing is kept
    try (NewRuns.Ticket t = runs.watch("thread-a")) {
      assertEquals(0, t.version());
    }
  }
}
