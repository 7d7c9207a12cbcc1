package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Through the API: the schedules LangGraph's server accepts are accepted, each with the next run
 * computed from the server's clock (set to a fixed instant); the ones it refuses are a 422 saying why.
 */
class CronSyntaxTest {
  /** Wednesday 2 January 2030, 10:17:30 UTC. */
  private static final Instant NOW = Instant.parse("2030-01-02T10:17:30Z");

  @Test
  void langGraphsFormsAreAcceptedWithTheirNextRunAndBadOnesAreA422() {
    TestClock clock = TestClock.running();
    clock.advance(Duration.ofMillis(NOW.toEpochMilli() - clock.millis()));
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("cron.db")).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      Map<String, String> accepted = Map.of(
          "0 9 * * mon-fri", "2030-01-03T09:00Z",
          "30 6 1 jan *", "2031-01-01T06:30Z",
          "@daily", "2030-01-03T00:00Z",
          "@HOURLY", "2030-01-02T11:00Z",
          "0 12 * * 5#3", "2030-01-18T12:00Z",
          "0 0 L * *", "2030-01-31T00:00Z",
          "0 0 * * L5", "2030-01-25T00:00Z",
          "15 10 1,15 * wed", "2030-01-09T10:15Z");
      accepted.forEach((schedule, next) -> {
        HttpClientHelper.Reply r = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", schedule,
            "input", Map.of("count", 0)));
        assertEquals(200, r.status(), schedule + ": " + r.text());
        assertEquals(OffsetDateTime.parse(next).toInstant(), OffsetDateTime.parse(r.get("next_run_date")).toInstant(),
            schedule);
      });
      HttpClientHelper.Reply paris = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain",
          "schedule", "0 9 * * mon-fri", "timezone", "Europe/Paris", "input", Map.of("count", 0)));
      assertEquals(OffsetDateTime.parse("2030-01-03T08:00Z").toInstant(),
          OffsetDateTime.parse(paris.get("next_run_date")).toInstant(), "read in the cron's timezone");

      Map<String, String> refused = Map.of(
          "@every 5m", "is not valid",
          "0 9 * * mon-xyz", "day of week",
          "*/10 * * * * *", "five fields",
          "0 0 * * 5L", "L5",
          "0 24 * * *", "hour",
          "0 0 31 2 *", "never fires");
      refused.forEach((schedule, detail) -> NoServerErrorTest.refused(http.call("POST", "/runs/crons",
          Map.of("assistant_id", "chain", "schedule", schedule)), 422, "INVALID_REQUEST", detail));
    }
  }
}
