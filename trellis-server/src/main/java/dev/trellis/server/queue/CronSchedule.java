package dev.trellis.server.queue;

import com.cronutils.model.definition.CronDefinition;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A cron schedule as LangGraph's server reads one (it uses Python's croniter), parsed by cron-utils:
 * five fields {@code minute hour day-of-month month day-of-week} with {@code *}, lists, ranges and
 * steps; month and weekday names ({@code jan}–{@code dec}, {@code sun}–{@code sat}, any case, also in
 * ranges: {@code mon-fri}); weekday 0 or 7 is Sunday; {@code ?} for "any day"; {@code L} as the last
 * day of the month; {@code 5#3} (third Friday) and {@code L5} (last Friday) in the weekday field;
 * the nicknames {@code @yearly}, {@code @annually}, {@code @monthly}, {@code @weekly}, {@code @daily},
 * {@code @midnight} and {@code @hourly}. When both day fields are restricted, either matching fires
 * (as in Vixie cron and croniter). Not accepted: croniter's sixth (seconds) and seventh (year) fields.
 *
 * <p>A schedule has no zone of its own: {@link #next} reads it in the zone of the time it is given (a
 * cron's {@code timezone}, UTC when none). A wall-clock time a daylight-saving change skips fires at
 * the end of the gap; one it repeats fires at both of its instants (as croniter does).
 */
public final class CronSchedule {
  private static final CronParser PARSER = new CronParser(definition());
  private static final Pattern LAST_WEEKDAY = Pattern.compile("(?<![0-9A-Z#])L([0-7])\\b");
  private static final List<String> NICKNAMES = List.of("@yearly", "@annually", "@monthly", "@weekly", "@daily",
      "@midnight", "@hourly");
  /** More than any zone's daylight-saving shift, in hours. */
  private static final int SHIFT_HOURS = 3;
  private static final String[] FIELDS = {"minute", "hour", "day of month", "month", "day of week"};
  /** When a schedule is checked for ever firing: any date works, the calendar repeats every 400 years. */
  private static final ZonedDateTime PROBE = ZonedDateTime.of(2001, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  private final String expression;
  /** Each alternative fires (two when both day fields are restricted: either day matching fires). */
  private final List<ExecutionTime> alternatives;

  private CronSchedule(String expression, List<ExecutionTime> alternatives) {
    this.expression = expression;
    this.alternatives = alternatives;
  }

  private static CronDefinition definition() {
    return CronDefinitionBuilder.defineCron()
        .withMinutes().withValidRange(0, 59).withStrictRange().and()
        .withHours().withValidRange(0, 23).withStrictRange().and()
        .withDayOfMonth().withValidRange(1, 31).supportsL().supportsQuestionMark().withStrictRange().and()
        .withMonth().withValidRange(1, 12).withStrictRange().and()
        .withDayOfWeek().withValidRange(0, 7).withMondayDoWValue(1).withIntMapping(7, 0)
        .supportsHash().supportsL().supportsQuestionMark().withStrictRange().and()
        .withSupportedNicknameYearly().withSupportedNicknameAnnually().withSupportedNicknameMonthly()
        .withSupportedNicknameWeekly().withSupportedNicknameDaily().withSupportedNicknameMidnight()
        .withSupportedNicknameHourly()
        .instance();
  }

  /** Parses {@code expr}; throws IllegalArgumentException saying what is wrong (a field, or that it never fires). */
  public static CronSchedule parse(String expr) {
    String trimmed = expr == null ? "" : expr.trim();
    List<String> forms = new ArrayList<>();
    if (trimmed.startsWith("@")) {
      if (!NICKNAMES.contains(trimmed.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("cron schedule \"" + expr + "\" is not valid: the nicknames are "
            + String.join(", ", NICKNAMES));
      }
      forms.add(trimmed.toLowerCase(Locale.ROOT));
    } else {
      String[] f = trimmed.isEmpty() ? new String[0] : trimmed.toUpperCase(Locale.ROOT).split("\\s+");
      if (f.length != 5) {
        throw new IllegalArgumentException("a cron schedule has five fields (minute hour day month weekday) or is one of "
            + "@yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly; got \"" + expr + "\"");
      }
      if (f[4].matches(".*[0-7]L.*")) {
        throw new IllegalArgumentException("cron schedule \"" + expr + "\" is not valid: day of week \""
            + f[4].toLowerCase(Locale.ROOT) + "\": the last Friday of a month is L5");
      }
      // croniter spells "last Friday" L5, cron-utils 5L.
      f[4] = LAST_WEEKDAY.matcher(f[4]).replaceAll("$1L");
      boolean anyDay = f[2].equals("*") || f[2].equals("?");
      boolean anyWeekday = f[4].equals("*") || f[4].equals("?");
      if (anyDay || anyWeekday) {
        forms.add(String.join(" ", f));
      } else {   // both restricted: the month day or the weekday, each its own rule
        forms.add(String.join(" ", f[0], f[1], f[2], f[3], "*"));
        forms.add(String.join(" ", f[0], f[1], "*", f[3], f[4]));
      }
    }
    List<ExecutionTime> alternatives = new ArrayList<>();
    for (String form : forms) {
      try {
        alternatives.add(ExecutionTime.forCron(PARSER.parse(form).validate()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("cron schedule \"" + expr + "\" is not valid: " + reason(e, form), e);
      }
    }
    CronSchedule schedule = new CronSchedule(trimmed, List.copyOf(alternatives));
    if (schedule.wallNext(PROBE.toLocalDateTime()).filter(t -> t.isBefore(PROBE.toLocalDateTime().plusYears(400)))
        .isEmpty()) {
      throw new IllegalArgumentException("cron schedule \"" + expr + "\" never fires");
    }
    return schedule;
  }

  /** Which field is wrong (each is parsed alone among stars), with cron-utils' words for what. */
  private static String reason(IllegalArgumentException e, String form) {
    String[] f = form.split(" ");
    for (int i = 0; i < f.length && f.length == 5; i++) {
      String[] alone = {"*", "*", "*", "*", "*"};
      alone[i] = f[i];
      try {
        PARSER.parse(String.join(" ", alone)).validate();
      } catch (IllegalArgumentException wrong) {
        return FIELDS[i] + " \"" + f[i].toLowerCase(Locale.ROOT) + "\": " + wrong.getMessage();
      }
    }
    return e.getMessage() == null ? "unreadable" : e.getMessage();
  }

  /** The first wall-clock time strictly after {@code after} that matches (read with no zone, so no time is skipped). */
  private Optional<LocalDateTime> wallNext(LocalDateTime after) {
    ZonedDateTime t = after.atZone(ZoneOffset.UTC);
    LocalDateTime best = null;
    for (ExecutionTime e : alternatives) {
      LocalDateTime next = e.nextExecution(t).map(ZonedDateTime::toLocalDateTime).orElse(null);
      if (next != null && (best == null || next.isBefore(best))) {
        best = next;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The schedule as given. */
  public String expression() {
    return expression;
  }

  /**
   * The first fire time strictly after {@code after}, the schedule read as wall-clock times in
   * {@code after}'s zone, as croniter reads them: a matching time a daylight-saving change skips
   * fires at the end of the gap (once, however many matched in it); one it repeats fires at each
   * of its two instants.
   */
  public ZonedDateTime next(ZonedDateTime after) {
    ZoneId zone = after.getZone();
    ZoneRules rules = zone.getRules();
    // Wall-clock matches from a little before: one already passed may come again (the repeated hour). Within a few
    // hours of wall time the instants are not in order, so the earliest instant after `after` is kept until the
    // matches are past it by more than any offset change.
    LocalDateTime wall = after.toLocalDateTime().minusHours(SHIFT_HOURS);
    ZonedDateTime best = null;
    while (true) {
      LocalDateTime match = wallNext(wall)
          .orElseThrow(() -> new IllegalArgumentException("cron schedule \"" + expression + "\" never fires"));
      if (best != null && match.isAfter(best.toLocalDateTime().plusHours(SHIFT_HOURS))) {
        return best;
      }
      List<ZoneOffset> offsets = rules.getValidOffsets(match);
      List<ZonedDateTime> instants = offsets.isEmpty()
          ? List.of(rules.getTransition(match).getInstant().atZone(zone))   // skipped: the gap's end
          : offsets.stream().map(o -> ZonedDateTime.ofStrict(match, o, zone)).toList();
      for (ZonedDateTime at : instants) {
        if (at.isAfter(after) && (best == null || at.isBefore(best))) {
          best = at;
        }
      }
      wall = match;
    }
  }

  /** The next fire time after {@code afterMillis}, with the schedule read in {@code zone}, as epoch milliseconds. */
  public long nextMillis(long afterMillis, ZoneId zone) {
    return next(ZonedDateTime.ofInstant(java.time.Instant.ofEpochMilli(afterMillis), zone)).toInstant().toEpochMilli();
  }
}
