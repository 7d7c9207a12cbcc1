package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Calls started at the same moment, and the slot race the calendar tests run on SQLite and PostgreSQL. */
final class Races {
  private Races() {
  }

  /** Runs {@code calls} on their own threads, released together; their results in order. */
  @SafeVarargs
  static <T> List<T> atOnce(Callable<T>... calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(calls.length);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> call : calls) {
        futures.add(pool.submit(() -> {
          go.await();
          return call.call();
        }));
      }
      go.countDown();
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        out.add(f.get());
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Two patients booking Ben at 5 pm and 5:30 pm of one day (the sessions overlap) through two servers at once, on
   * {@code rounds} days: each day exactly one is booked and the other told the slot is taken.
   */
  static void oneBookingPerSlot(Bookings first, Bookings second, int rounds) throws Exception {
    for (int i = 0; i < rounds; i++) {
      String date = "2026-12-%02d".formatted(1 + i);
      String key = "k" + i;
      List<Map<String, Object>> rows = atOnce(() -> first.book(key, "pat-a", "prov-ben", date, "17:00"),
          () -> second.book(key, "pat-b", "prov-ben", date, "17:30"));
      assertEquals(1, rows.stream().filter(r -> "booked".equals(r.get("status"))).count(), rows.toString());
      assertEquals(1, rows.stream().filter(r -> "taken".equals(r.get("status"))).count(), rows.toString());
    }
  }
}
