package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.queue.CronSchedule;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class CronScheduleTest {
  static final ZonedDateTime AT = ZonedDateTime.parse("2026-11-22T10:17:30Z");

  @Test
  void everyFiveMinutesFiresAtTheNextMultiple() {
    assertEquals(ZonedDateTime.parse("2026-11-22T10:20Z"), CronSchedule.parse("*/5 * * * *").next(AT));
  }

  @Test
  void dailyAtNineRollsToTomorrow() {
    assertEquals(ZonedDateTime.parse("2026-11-23T09:00Z"), CronSchedule.parse("0 9 * * *").next(AT));
  }

  @Test
  void weekdaysSkipTheWeekend() {
    // 2026-11-22 is a Sunday.
    assertEquals(ZonedDateTime.parse("2026-11-23T08:30Z"), CronSchedule.parse("30 8 * * 1-5").next(AT));
    assertEquals(ZonedDateTime.parse("2026-11-29T00:00Z"), CronSchedule.parse("0 0 * * 7").next(AT));
  }

  @Test
  void listsRangesAndMonths() {
    assertEquals(ZonedDateTime.parse("2027-01-01T00:05Z"), CronSchedule.parse("5,10 0 1 1 *").next(AT));
  }

  @Test
  void badSchedulesNameTheField() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("61 * * * *")).getMessage()
        .contains("minute"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("* * *")).getMessage()
        .contains("five fields"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("* x * * *")).getMessage()
        .contains("hour"));
  }
}
