package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.testkit.PgSchema;
import java.util.List;
import java.util.Map;
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
      Races.oneBookingPerSlot(Bookings.in(one), Bookings.in(two), 20);
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
        List<Map<String, Object>> rows = Races.atOnce(() -> first.book("a", patient, "prov-ben", date, "17:00"),
            () -> second.book("b", patient, "prov-dia", date, "17:00"));
        assertEquals(2, rows.stream().map(r -> ((Number) r.get("n")).longValue()).distinct().count(), rows.toString());
      }
    }
  }
}
