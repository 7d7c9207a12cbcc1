package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.server.queue.CronSchedule;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schedules read as LangGraph's server reads them: {@code cron/croniter-expectations.jsonl} holds, for
 * each schedule, the next three fire times croniter (the parser LangGraph uses) computes from fixed
 * times in the cron's zone, or croniter's refusal (made by {@code cron/croniter_expectations.py}).
 */
class CronScheduleTest {
  static final ZonedDateTime AT = ZonedDateTime.parse("2026-11-22T10:17:30Z");   // a Sunday

  static Stream<JsonNode> croniter() throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> cases = new ArrayList<>();
    try (var in = new BufferedReader(new InputStreamReader(
        CronScheduleTest.class.getResourceAsStream("/cron/croniter-expectations.jsonl"), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonNode c = json.readTree(line);
        // croniter's sixth field (seconds) is not taken here: refusedSecondsField covers it.
        if (c.get("schedule").asText().trim().split("\\s+").length <= 5) {
          cases.add(c);
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("croniter")
  void firesWhenCroniterFiresAndRefusesWhatItRefuses(JsonNode c) {
    String schedule = c.get("schedule").asText();
    ZoneId zone = c.get("timezone").isNull() ? ZoneOffset.UTC : ZoneId.of(c.get("timezone").asText());
    ZonedDateTime t = OffsetDateTime.parse(c.get("after").asText()).atZoneSameInstant(zone);
    if (c.has("error")) {
      assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse(schedule), c.toString());
      return;
    }
    CronSchedule cron = CronSchedule.parse(schedule);
    if (c.path("gap").asBoolean()) {
      return;   // croniter's answers in a skipped hour vary by schedule: aTimeTheClockSkipsFiresWhenTheGapEnds
    }
    for (JsonNode expected : c.get("next")) {
      t = cron.next(t);
      assertEquals(OffsetDateTime.parse(expected.asText()), t.toOffsetDateTime(), c.toString());
    }
  }

  @Test
  void weekdayNamesAndRangesOfThem() {
    assertEquals(ZonedDateTime.parse("2026-11-23T09:00Z"), CronSchedule.parse("0 9 * * mon-fri").next(AT));
    assertEquals(ZonedDateTime.parse("2026-11-28T08:00Z"), CronSchedule.parse("0 8 * * SAT").next(AT));
  }

  @Test
  void monthNames() {
    assertEquals(ZonedDateTime.parse("2027-01-01T06:30Z"), CronSchedule.parse("30 6 1 jan *").next(AT));
  }

  @Test
  void nicknames() {
    assertEquals(ZonedDateTime.parse("2026-11-23T00:00Z"), CronSchedule.parse("@daily").next(AT));
    assertEquals(ZonedDateTime.parse("2026-11-22T11:00Z"), CronSchedule.parse("@hourly").next(AT));
    assertEquals(ZonedDateTime.parse("2026-12-01T00:00Z"), CronSchedule.parse("@monthly").next(AT));
  }

  @Test
  void aScheduleIsReadInTheZoneItIsGiven() {
    ZonedDateTime paris = AT.withZoneSameInstant(ZoneId.of("Europe/Paris"));
    assertEquals(ZonedDateTime.parse("2026-11-23T08:00Z"), CronSchedule.parse("0 9 * * *").next(paris)
        .withZoneSameInstant(ZoneOffset.UTC));
  }

  @Test
  void aTimeTheClockSkipsFiresWhenTheGapEnds() {
    ZoneId newYork = ZoneId.of("America/New_York");   // 2026-03-08 02:00 → 03:00
    ZonedDateTime eve = ZonedDateTime.of(2026, 3, 7, 23, 59, 0, 0, newYork);
    assertEquals(ZonedDateTime.parse("2026-03-08T03:00-04:00[America/New_York]"), CronSchedule.parse("30 2 * * *").next(eve));
    CronSchedule hourly = CronSchedule.parse("15 * * * *");
    ZonedDateTime t = hourly.next(ZonedDateTime.of(2026, 3, 8, 1, 15, 0, 0, newYork));
    assertEquals(ZonedDateTime.parse("2026-03-08T03:00-04:00[America/New_York]"), t, "02:15 did not happen: at the gap's end");
    assertEquals(ZonedDateTime.parse("2026-03-08T03:15-04:00[America/New_York]"), hourly.next(t));
  }

  @Test
  void aTimeTheClockRepeatsFiresAtBothInstants() {
    ZoneId newYork = ZoneId.of("America/New_York");   // 2026-11-01 01:00-02:00 twice
    CronSchedule cron = CronSchedule.parse("30 1 * * *");
    ZonedDateTime first = cron.next(ZonedDateTime.of(2026, 10, 31, 23, 0, 0, 0, newYork));
    assertEquals(OffsetDateTime.parse("2026-11-01T01:30-04:00"), first.toOffsetDateTime());
    assertEquals(OffsetDateTime.parse("2026-11-01T01:30-05:00"), cron.next(first).toOffsetDateTime());
  }

  @Test
  void bothDayFieldsRestrictedFireOnEither() {
    // the 1st of the month or any Wednesday: Wednesday 25 November comes first
    assertEquals(ZonedDateTime.parse("2026-11-25T10:15Z"), CronSchedule.parse("15 10 1 * wed").next(AT));
  }

  @Test
  void badSchedulesSayWhatIsWrong() {
    assertTrue(message("61 * * * *").contains("minute"), message("61 * * * *"));
    assertTrue(message("* * *").contains("five fields"));
    assertTrue(message("* x * * *").contains("hour"), message("* x * * *"));
    assertTrue(message("0 9 * * mon-xyz").contains("day of week"), message("0 9 * * mon-xyz"));
    assertTrue(message("@every 5m").contains("the nicknames are @yearly"), message("@every 5m"));
    assertTrue(message("0 0 31 2 *").contains("never fires"));
    assertTrue(message(null).contains("five fields"));
  }

  @Test
  void refusedSecondsField() {
    assertTrue(message("*/10 * * * * *").contains("five fields"));
  }

  private static String message(String schedule) {
    return assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse(schedule)).getMessage();
  }
}
