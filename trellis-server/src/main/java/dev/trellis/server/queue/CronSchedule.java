package dev.trellis.server.queue;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;

/**
 * A standard five-field cron schedule ({@code minute hour day-of-month month day-of-week})
 * with {@code *}, lists, ranges and steps; day-of-week 0 or 7 is Sunday. When both day
 * fields are restricted, either matching fires (as in Vixie cron).
 */
public final class CronSchedule {
  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet days;
  private final BitSet months;
  private final BitSet weekdays;
  private final boolean anyDay;
  private final boolean anyWeekday;

  private CronSchedule(String[] f) {
    minutes = field(f[0], 0, 59, "minute");
    hours = field(f[1], 0, 23, "hour");
    days = field(f[2], 1, 31, "day of month");
    months = field(f[3], 1, 12, "month");
    weekdays = field(f[4], 0, 7, "day of week");
    if (weekdays.get(7)) {
      weekdays.set(0);
    }
    anyDay = f[2].equals("*");
    anyWeekday = f[4].equals("*");
  }

  /** Parses {@code expr}; throws IllegalArgumentException naming the bad field. */
  public static CronSchedule parse(String expr) {
    String[] f = expr == null ? new String[0] : expr.trim().split("\\s+");
    if (f.length != 5) {
      throw new IllegalArgumentException("a cron schedule has five fields (minute hour day month weekday), got \"" + expr + "\"");
    }
    return new CronSchedule(f);
  }

  private static BitSet field(String spec, int min, int max, String name) {
    BitSet bits = new BitSet(max + 1);
    for (String part : spec.split(",")) {
      String range = part;
      int step = 1;
      int slash = part.indexOf('/');
      if (slash >= 0) {
        range = part.substring(0, slash);
        step = number(part.substring(slash + 1), 1, max, name);
      }
      int lo;
      int hi;
      if (range.equals("*")) {
        lo = min;
        hi = max;
      } else if (range.contains("-")) {
        lo = number(range.substring(0, range.indexOf('-')), min, max, name);
        hi = number(range.substring(range.indexOf('-') + 1), min, max, name);
        if (hi < lo) {
          throw new IllegalArgumentException("cron " + name + " range " + range + " runs backwards");
        }
      } else {
        lo = number(range, min, max, name);
        hi = slash >= 0 ? max : lo;
      }
      for (int v = lo; v <= hi; v += step) {
        bits.set(v);
      }
    }
    return bits;
  }

  private static int number(String s, int min, int max, String name) {
    try {
      int v = Integer.parseInt(s);
      if (v < min || v > max) {
        throw new IllegalArgumentException("cron " + name + " " + v + " is outside " + min + "-" + max);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("cron " + name + " \"" + s + "\" is not a number");
    }
  }

  /** The first minute strictly after {@code after} that matches, in {@code zone}. */
  public ZonedDateTime next(ZonedDateTime after) {
    ZonedDateTime t = after.truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
    ZonedDateTime limit = t.plusYears(5);
    while (t.isBefore(limit)) {
      if (!months.get(t.getMonthValue())) {
        t = t.plusMonths(1).withDayOfMonth(1).withHour(0).withMinute(0);
        continue;
      }
      if (!dayMatches(t)) {
        t = t.plusDays(1).withHour(0).withMinute(0);
        continue;
      }
      if (!hours.get(t.getHour())) {
        t = t.plusHours(1).withMinute(0);
        continue;
      }
      if (!minutes.get(t.getMinute())) {
        t = t.plusMinutes(1);
        continue;
      }
      return t;
    }
    throw new IllegalArgumentException("the cron schedule never fires");
  }

  private boolean dayMatches(ZonedDateTime t) {
    boolean dom = days.get(t.getDayOfMonth());
    boolean dow = weekdays.get(t.getDayOfWeek().getValue() % 7);
    if (anyDay || anyWeekday) {
      return dom && dow;
    }
    return dom || dow;
  }

  /** The next fire time after now, as epoch milliseconds. */
  public long nextMillis(long afterMillis, ZoneId zone) {
    return next(ZonedDateTime.ofInstant(java.time.Instant.ofEpochMilli(afterMillis), zone)).toInstant().toEpochMilli();
  }
}
