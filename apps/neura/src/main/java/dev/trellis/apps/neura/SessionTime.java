package dev.trellis.apps.neura;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.format.TextStyle;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A day and time a patient asks for ("thursday at 3", "next monday morning", "tomorrow at 5:30pm", "3 December"),
 * resolved against the day the graph's clock gives ({@link #parse}). Any part may be missing: {@code date} (only a time
 * was said), {@code time} (a day, perhaps with a part of the day) and {@code part} ({@code morning}, {@code afternoon},
 * {@code evening}; null when a clock time or nothing was said).
 *
 * <p>Relative days: a weekday alone is its next occurrence after today ("thursday" said on a Thursday is next week's);
 * "this thursday" may be today; "next thursday" is the Thursday of the following calendar week (weeks start on Monday).
 * A bare hour from 1 to 7 is afternoon or evening ("at 3" is 3 pm), from 8 to 11 morning, unless a part of the day or
 * am/pm says otherwise.
 */
record SessionTime(LocalDate date, LocalTime time, String part) {
  private static final Map<String, DayOfWeek> DAYS = Map.ofEntries(Map.entry("monday", DayOfWeek.MONDAY),
      Map.entry("mon", DayOfWeek.MONDAY), Map.entry("tuesday", DayOfWeek.TUESDAY), Map.entry("tue", DayOfWeek.TUESDAY),
      Map.entry("tues", DayOfWeek.TUESDAY), Map.entry("wednesday", DayOfWeek.WEDNESDAY), Map.entry("wed", DayOfWeek.WEDNESDAY),
      Map.entry("thursday", DayOfWeek.THURSDAY), Map.entry("thu", DayOfWeek.THURSDAY), Map.entry("thur", DayOfWeek.THURSDAY),
      Map.entry("thurs", DayOfWeek.THURSDAY), Map.entry("friday", DayOfWeek.FRIDAY), Map.entry("fri", DayOfWeek.FRIDAY),
      Map.entry("saturday", DayOfWeek.SATURDAY), Map.entry("sat", DayOfWeek.SATURDAY), Map.entry("sunday", DayOfWeek.SUNDAY),
      Map.entry("sun", DayOfWeek.SUNDAY));
  private static final String MONTHS = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*";
  private static final Pattern WEEKDAY = Pattern.compile("\\b(?:(this|next|coming|on) )?(" + Lexicon.DAY + ")\\b");
  private static final Pattern DAY_MONTH = Pattern.compile("\\b([0-9]{1,2})(?:st|nd|rd|th)? (?:of )?" + MONTHS + "\\b");
  private static final Pattern MONTH_DAY = Pattern.compile("\\b" + MONTHS + " ([0-9]{1,2})(?:st|nd|rd|th)?\\b");
  /** "the 5th", "on the 12th": a day of this month, or of the next once it has passed. */
  private static final Pattern ORDINAL = Pattern.compile("\\b(?:the|on) ([0-9]{1,2})(?:st|nd|rd|th)\\b");
  /** "this weekend", "at the weekend", "next weekend": that weekend's Saturday (a Sunday says this weekend is today). */
  private static final Pattern WEEKEND = Pattern.compile("\\b(this|next|the|coming) weekend\\b");
  /** "in two weeks", "in 3 days", "a week from now", "in a fortnight": that many days after today. */
  private static final Pattern AFTER = Pattern.compile("\\b(?:in (a|an|one|two|three|four|five|six|[1-9]) (day|week)s?|(a|one|two|three|[1-9]) "
      + "(day|week)s? from (?:now|today)|in a (fortnight))\\b");
  /** "after work", "before work", "first thing": the part of the day they mean. */
  private static final Pattern WORK_DAY = Pattern.compile("\\b(after work|after school|after my shift|before work|first thing"
      + "|end of the day|after dinner)\\b");
  private static final Pattern RELATIVE = Pattern.compile("\\b(today|tonight|tomorrow|day after tomorrow)\\b");
  private static final Pattern CLOCK = Pattern.compile("\\b(?:(at|@|around|from|by|for|to) ?)?([0-9]{1,2})(?:[:.]([0-9]{2}))? ?"
      + "(am|pm|a\\.m\\.|p\\.m\\.|o'?clock)?(?![0-9]|\\.[0-9]| ?(?:year|yr|hour|hr|min|week|day|month|session|time|kid|child|"
      + "%|th\\b|st\\b|nd\\b|rd\\b|/))");
  private static final Pattern NOON = Pattern.compile("\\b(noon|midday|lunchtime|lunch time)\\b");
  private static final Pattern PART = Pattern.compile("\\b(morning|afternoon|evening|tonight)s?\\b");

  /** The day, time or part of the day {@code message} asks for, with relative days resolved against {@code today}; null
   * when it names none. */
  static SessionTime parse(String message, LocalDate today) {
    String m = Lexicon.normalize(message).replaceAll("\\(booking #[0-9a-z]{4}-[0-9a-z]{4}\\)", " ");
    LocalDate date = null;
    Matcher dm = DAY_MONTH.matcher(m);
    Matcher md = MONTH_DAY.matcher(m);
    String dayOfMonth = null;
    String monthWord = null;
    if (dm.find()) {
      dayOfMonth = dm.group(1);
      monthWord = dm.group(2);
    } else if (md.find()) {
      monthWord = md.group(1);
      dayOfMonth = md.group(2);
    }
    Month month = monthWord == null ? null : month(monthWord);
    if (month != null && Integer.parseInt(dayOfMonth) >= 1 && Integer.parseInt(dayOfMonth) <= month.length(true)) {
      int day = Math.min(Integer.parseInt(dayOfMonth), month.length(today.isLeapYear()));
      date = LocalDate.of(today.getYear(), month, day);
      if (date.isBefore(today)) {
        date = date.plusYears(1); // "3 January" said in November
      }
    }
    Matcher ordinal = ORDINAL.matcher(m);
    if (date == null && ordinal.find()) {
      int day = Integer.parseInt(ordinal.group(1));
      LocalDate inMonth = day < today.getDayOfMonth() ? today.plusMonths(1) : today;
      if (day >= 1 && day <= inMonth.lengthOfMonth()) {
        date = inMonth.withDayOfMonth(day); // "saturday the 5th" said on 27 November: 5 December
      }
    }
    Matcher after = AFTER.matcher(m);
    if (date == null && after.find()) {
      String n = after.group(1) != null ? after.group(1) : after.group(3);
      String unit = after.group(2) != null ? after.group(2) : after.group(4);
      date = after.group(5) != null ? today.plusWeeks(2) : unit.equals("week") ? today.plusWeeks(count(n)) : today.plusDays(count(n));
    }
    Matcher weekend = WEEKEND.matcher(m);
    if (date == null && weekend.find()) {
      date = today.getDayOfWeek() == DayOfWeek.SUNDAY && !"next".equals(weekend.group(1)) ? today
          : today.with(TemporalAdjusters.nextOrSame(DayOfWeek.SATURDAY));
      if ("next".equals(weekend.group(1))) {
        date = today.with(TemporalAdjusters.next(DayOfWeek.MONDAY)).with(TemporalAdjusters.nextOrSame(DayOfWeek.SATURDAY));
      }
    }
    Matcher rel = RELATIVE.matcher(m);
    if (date == null && rel.find()) {
      date = switch (rel.group(1)) {
        case "tomorrow" -> today.plusDays(1);
        case "day after tomorrow" -> today.plusDays(2);
        default -> today;
      };
    }
    Matcher w = WEEKDAY.matcher(m);
    if (date == null && w.find()) {
      String word = DAYS.containsKey(w.group(2)) ? w.group(2) : w.group(2).substring(0, w.group(2).length() - 1); // "fridays"
      DayOfWeek d = DAYS.get(word);
      if (d != null) {
        date = "next".equals(w.group(1)) ? today.with(TemporalAdjusters.next(DayOfWeek.MONDAY)).plusDays(d.ordinal())
            : "this".equals(w.group(1)) ? today.with(TemporalAdjusters.nextOrSame(d)) : today.with(TemporalAdjusters.next(d));
      }
    }
    Matcher p = PART.matcher(m);
    String part = p.find() ? switch (p.group(1)) {
      case "tonight" -> "evening";
      default -> p.group(1);
    } : null;
    Matcher work = WORK_DAY.matcher(m);
    if (part == null && work.find()) {
      part = work.group(1).startsWith("before") || work.group(1).equals("first thing") ? "morning" : "evening";
    }
    LocalTime time = null;
    if (NOON.matcher(m).find()) {
      time = LocalTime.NOON;
    }
    Matcher c = CLOCK.matcher(m);
    while (time == null && c.find()) {
      boolean marked = c.group(1) != null || c.group(3) != null || c.group(4) != null;
      int h = Integer.parseInt(c.group(2));
      int min = c.group(3) == null ? 0 : Integer.parseInt(c.group(3));
      if (!marked || h > 23 || min > 59) {
        continue;
      }
      String ampm = c.group(4) == null ? "" : c.group(4).replace(".", "");
      if (ampm.equals("pm") && h < 12 || ampm.isEmpty() && h < 12 && ("afternoon".equals(part) || "evening".equals(part))
          || ampm.isEmpty() && !"morning".equals(part) && h >= 1 && h <= 7) {
        h += 12;
      } else if (ampm.equals("am") && h == 12) {
        h = 0;
      }
      time = LocalTime.of(h, min);
    }
    if (time != null) {
      part = null;
    }
    return date == null && time == null && part == null ? null : new SessionTime(date, time, part);
  }

  private static int count(String word) {
    return switch (word) {
      case "a", "an", "one" -> 1;
      case "two" -> 2;
      case "three" -> 3;
      case "four" -> 4;
      case "five" -> 5;
      case "six" -> 6;
      default -> Integer.parseInt(word);
    };
  }

  private static Month month(String word) {
    for (Month mo : Month.values()) {
      if (mo.name().toLowerCase(Locale.ROOT).startsWith(word.substring(0, 3))) {
        return mo;
      }
    }
    return null;
  }

  /** "Thursday 3 December at 3 pm", "Saturday 28 November in the morning", "6 pm", "the evening". */
  String words() {
    StringBuilder b = new StringBuilder();
    if (date != null) {
      b.append(date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH)).append(' ').append(date.getDayOfMonth())
          .append(' ').append(date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
    }
    if (time != null) {
      b.append(b.isEmpty() ? "" : " at ").append(clock(time));
    } else if (part != null) {
      b.append(b.isEmpty() ? "the " : " in the ").append(part);
    }
    return b.toString();
  }

  /** 15:00 → "3 pm", 9:30 → "9:30 am", 12:00 → "12 noon". */
  static String clock(LocalTime t) {
    if (t.equals(LocalTime.NOON)) {
      return "12 noon";
    }
    int h = t.getHour() % 12 == 0 ? 12 : t.getHour() % 12;
    return h + (t.getMinute() == 0 ? "" : ":%02d".formatted(t.getMinute())) + (t.getHour() < 12 ? " am" : " pm");
  }

  /** The hours ({@code [from, to)}, whole hours) {@code p} sees people on this day; null when not that day or no day. */
  int[] hours(Provider p) {
    return date == null ? null : p.schedule().get(date.getDayOfWeek());
  }

  /** Whether {@code p} sees people then: the day is one of theirs and the time or part of the day falls in its hours. */
  boolean within(Provider p) {
    if (p.schedule().isEmpty()) {
      return true; // no schedule known: nothing to check against
    }
    if (date == null) {
      return p.schedule().values().stream().anyMatch(this::fits);
    }
    int[] h = hours(p);
    return h != null && fits(h);
  }

  private boolean fits(int[] h) {
    if (time != null) { // a 50-minute session starts at the latest an hour before the day's hours end
      return !time.isBefore(LocalTime.of(h[0], 0)) && !time.isAfter(LocalTime.of(h[1] - 1, 0));
    }
    if (part == null) {
      return true;
    }
    int[] span = span(part);
    return h[0] < span[1] && span[0] < h[1];
  }

  private static int[] span(String part) {
    return switch (part) {
      case "morning" -> new int[] {8, 12};
      case "afternoon" -> new int[] {12, 17};
      default -> new int[] {17, 21};
    };
  }

  /**
   * The nearest time {@code p} sees people: the same day's first hour (in the part of the day asked for, when it has
   * one) when the day is theirs, else the first of their days after it; null without a day or a schedule.
   */
  SessionTime nearest(Provider p) {
    List<SessionTime> free = nearestFree(p, List.of(), 1);
    return free.isEmpty() ? null : free.getFirst();
  }

  /**
   * Up to {@code count} of {@code p}'s free session starts nearest this one, in order: on the hour within their weekly
   * hours, from this time on (the whole day when only a day or a part of it was said) over the next two weeks, none
   * clashing with a session in {@code taken} ({@link Bookings#SESSION_MINUTES}); empty without a day or a schedule.
   */
  List<SessionTime> nearestFree(Provider p, List<java.time.LocalDateTime> taken, int count) {
    List<SessionTime> out = new java.util.ArrayList<>();
    if (date == null || p.schedule().isEmpty()) {
      return out;
    }
    for (int i = 0; i < 15 && out.size() < count; i++) {
      LocalDate d = date.plusDays(i);
      int[] h = p.schedule().get(d.getDayOfWeek());
      for (int hour = h == null ? 0 : h[0]; h != null && hour < h[1] && out.size() < count; hour++) {
        SessionTime at = new SessionTime(d, LocalTime.of(hour, 0), null);
        if ((i > 0 || time == null || !at.time.isBefore(time)) && at.free(taken)) {
          out.add(at);
        }
      }
    }
    return out;
  }

  /** Whether no session in {@code taken} clashes with this one (a day and clock time; anything vaguer is free). */
  boolean free(List<java.time.LocalDateTime> taken) {
    if (date == null || time == null) {
      return true;
    }
    java.time.LocalDateTime start = date.atTime(time);
    return taken.stream().noneMatch(t -> Math.abs(java.time.Duration.between(start, t).toMinutes()) < Bookings.SESSION_MINUTES);
  }

  /** The date as stored ({@code 2026-12-03}); null without one. */
  String storedDate() {
    return date == null ? null : date.toString();
  }

  /** The time as stored ({@code 15:00}, or the part of the day); null without either. */
  String storedTime() {
    return time != null ? time.toString() : part;
  }
}
