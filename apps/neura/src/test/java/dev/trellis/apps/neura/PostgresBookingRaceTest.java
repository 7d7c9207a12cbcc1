package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.testkit.PgSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The therapist's lock row on PostgreSQL (the test server {@code TRELLIS_PG_URL}; skipped without one): two servers
 * booking one slot at the same moment leave one booking, and one patient's bookings with two therapists at once get
 * different numbers. Without the row both transactions see the slot free (read committed) and both book it.
 */
class PostgresBookingRaceTest {
  @Test
  void twoServersBookingOneSlotAtOnceOnPostgresGetOneBooking() throws Exception {
    Assumptions.assumeTrue(System.getenv("TRELLIS_PG_URL") != null, "TRELLIS_PG_URL is not set");
    try (PgSchema schema = PgSchema.create("neura_race_");
         PostgresDatabase one = PostgresDatabase.connect(schema.url());
         PostgresDatabase two = PostgresDatabase.connect(schema.url())) {
      Bookings first = Bookings.in(one);
      Bookings second = Bookings.in(two);
      for (int i = 0; i < 20; i++) {
        String date = "2026-12-%02d".formatted(1 + i);
        String key = "k" + i;
        List<Map<String, Object>> rows = atOnce(() -> first.book(key, "pat-a", "prov-ben", date, "17:00"),
            () -> second.book(key, "pat-b", "prov-ben", date, "17:30"));
        assertEquals(1, rows.stream().filter(r -> "booked".equals(r.get("status"))).count(), rows.toString());
        assertEquals(1, rows.stream().filter(r -> "taken".equals(r.get("status"))).count(), rows.toString());
      }
    }
  }

  @Test
  void onePatientsBookingsWithTwoTherapistsAtOnceGetDifferentNumbers() throws Exception {
    Assumptions.assumeTrue(System.getenv("TRELLIS_PG_URL") != null, "TRELLIS_PG_URL is not set");
    try (PgSchema schema = PgSchema.create("neura_race_");
         PostgresDatabase one = PostgresDatabase.connect(schema.url());
         PostgresDatabase two = PostgresDatabase.connect(schema.url())) {
      Bookings first = Bookings.in(one);
      Bookings second = Bookings.in(two);
      for (int i = 0; i < 20; i++) {
        String patient = "pat-" + i;
        String date = "2026-12-%02d".formatted(1 + i);
        List<Map<String, Object>> rows = atOnce(() -> first.book("a", patient, "prov-ben", date, "17:00"),
            () -> second.book("b", patient, "prov-dia", date, "17:00"));
        assertEquals(2, rows.stream().map(r -> ((Number) r.get("n")).longValue()).distinct().count(), rows.toString());
      }
    }
  }

  @SafeVarargs
  private static <T> List<T> atOnce(Callable<T>... calls) throws Exception {
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
}
