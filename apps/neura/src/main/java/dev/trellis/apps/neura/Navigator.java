package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The navigator's offline reply, deterministic and without a model: it reads the patient's message in its conversation
 * ({@link #read}: intent, themes, preferences, the provider it is about), answers the intent first (a greeting, a
 * concern reflected and matched, a preference, a booking, a question about how it works or what it costs, a physical
 * symptom or medicine, thanks), names the best-fitting provider by name with why, says when the best fit is not
 * accepting new patients and offers the next, and never says the same thing twice in a row.
 */
public final class Navigator {
  private Navigator() {
  }

  /**
   * Reads {@code message} after {@code history} (oldest first; each a map with {@code role} — {@code user}/{@code human}
   * or {@code assistant}/{@code ai} — and {@code content}) against the bundled providers: the intent (one of
   * {@link Reading#INTENTS}), the conversation's themes (of {@link Reading#THEMES}), and the provider id it is about
   * (named, referred to, or the best fit; null when nothing points to one).
   */
  public static Reading read(String message, List<Map<String, String>> history) {
    List<Reader.Turn> turns = history.stream().map(h -> new Reader.Turn(isHuman(h.get("role")),
        java.util.Objects.toString(h.get("content"), ""))).toList();
    return Reader.read(message, turns, Bundled.PROVIDERS);
  }

  private static boolean isHuman(String role) {
    return role == null || role.equalsIgnoreCase("user") || role.equalsIgnoreCase("human") || role.equalsIgnoreCase("patient");
  }

  /** The bundled dataset's providers, loaded once. */
  private static final class Bundled {
    static final List<Provider> PROVIDERS;

    static {
      try (Dataset d = Dataset.bundled()) {
        PROVIDERS = Provider.all(d.query("SELECT * FROM providers ORDER BY id"));
      } catch (java.sql.SQLException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** The context block the navigator reads, with a line naming each degraded section. */
  @SuppressWarnings("unchecked")
  public static String formatContext(Map<String, Object> bundle) {
    Map<String, Object> sections = (Map<String, Object>) bundle.getOrDefault("sections", Map.of());
    StringBuilder b = new StringBuilder();
    sections.keySet().stream().sorted().forEach(k -> {
      Object section = sections.get(k);
      if (section instanceof Map<?, ?> m && m.containsKey("read")) { // client_signal's per-message reading: for the navigator
        Map<Object, Object> shown = new java.util.LinkedHashMap<>(m);
        shown.remove("read");
        section = shown;
      }
      b.append("## ").append(k).append('\n').append(section).append('\n');
    });
    for (String missing : (List<String>) bundle.getOrDefault("missing", List.of())) {
      b.append("## DEGRADED: ").append(missing).append(" is unavailable; ask the patient about it\n");
    }
    return b.toString();
  }

  /**
   * What the navigator makes of a turn: the reading, the providers ranked, the best fit, the best fit accepting new
   * patients, and the provider to book (null unless the patient asked, the provider accepts new patients and the
   * patient is known).
   */
  record Plan(String message, Reading reading, List<Fit.Ranked> ranked, Fit.Ranked best, Fit.Ranked bestAccepting,
              Provider target, Provider toBook, List<Provider> providers, String lastAi, List<String> earlierReplies,
              List<Map<String, Object>> booked, Change change, Map<String, Integer> ownThemes, SessionTime when,
              boolean confirmTime, Calendar calendar) {
    /** Whether an earlier reply confirmed a booking that no later reply cancelled. */
    boolean bookedBefore() {
      return latestBookingReply() != null && !latestBookingReply().contains("I've cancelled");
    }

    /** The newest earlier reply that made, moved or cancelled a booking (not one that only spoke of it); null when none. */
    String latestBookingReply() {
      return earlierReplies.stream().filter(r -> r.contains("(booking #") && (r.contains("you're booked for")
          || r.contains("You're already booked") || r.contains("I've cancelled") || r.contains("I've asked to move")
          || r.contains("I've moved")))
          .reduce((a, b) -> b).orElse(null);
    }

    /**
     * The time to offer for the booking: the one asked for when the provider sees people then and it is free, else
     * their nearest free time.
     */
    SessionTime offeredTime() {
      List<SessionTime> free = freeTimes();
      return free.isEmpty() ? null : free.getFirst();
    }

    /** The asked-for time when it is free within the provider's hours, else up to three nearest free times; empty. */
    List<SessionTime> freeTimes() {
      if (when == null || target == null) {
        return List.of();
      }
      List<java.time.LocalDateTime> taken = taken(target.id());
      return when.within(target) && when.free(taken) ? List.of(when) : when.nearestFree(target, taken, 3);
    }

    /**
     * The start times of {@code provider}'s booked sessions (the patient's own included: they hold their slot too), the
     * session this plan moves left out — it frees its own time.
     */
    List<java.time.LocalDateTime> taken(String provider) {
      return takenWith(calendar, provider, change);
    }

    /** Whether the time asked for is within the provider's hours but another session holds it. */
    boolean askedTaken() {
      return when != null && target != null && when.within(target) && !when.free(taken(target.id()));
    }

    /** Whether the move asked for is onto a day and time another session (another patient's or the patient's own) holds. */
    boolean changeTaken() {
      return change != null && change.action().equals("move") && change.when() != null && change.provider() != null
          && !change.when().free(taken(change.provider().id()));
    }

    /**
     * The patient's own booked session with {@code provider} that holds {@code at} (the one this plan moves left out);
     * null when none does.
     */
    Map<String, Object> ownAt(Provider provider, SessionTime at) {
      if (provider == null || at == null) {
        return null;
      }
      String moving = change != null && change.action().equals("move") ? change.ref() : null;
      return booked.stream().filter(b -> provider.id().equals(b.get("provider_id")) && !b.get("ref").equals(moving))
          .filter(b -> {
            java.time.LocalDateTime start = Bookings.startOf((String) b.get("session_date"), (String) b.get("session_time"));
            return start != null && !at.free(List.of(start));
          }).findFirst().orElse(null);
    }

    /** This plan after its move found the time just taken: nothing changed, asked again against {@code fresh}. */
    Plan moveTaken(Calendar fresh) {
      return new Plan(message, reading, ranked, best, bestAccepting, target, toBook, providers, lastAi, earlierReplies,
          booked, new Change(change.action(), change.ref(), change.provider(), change.movedTo(), false, change.when()),
          ownThemes, when, confirmTime, fresh);
    }

    /**
     * This plan after its booking found the slot just taken: nothing booked, the nearest free times offered from
     * {@code fresh} (the calendar read again, the slot just taken in it).
     */
    Plan slotTaken(Calendar fresh) {
      return new Plan(message, reading, ranked, best, bestAccepting, target, null, providers, lastAi, earlierReplies,
          booked, change, ownThemes, when, true, fresh);
    }

    /** What this plan's reply asks the patient to confirm (see {@link TurnState#PENDING}, without {@code after}); null. */
    Map<String, Object> pending() {
      Map<String, Object> p = new java.util.LinkedHashMap<>();
      if (confirmTime && offeredTime() != null && target != null && target.accepting()) {
        p.put("action", "book");
        p.put("provider_id", target.id());
        putWhen(p, offeredTime());
        return p;
      }
      if (change != null && !change.confirmed() && (change.action().equals("cancel") || change.movedTo() != null
          && change.fitsHours() && !changeTaken())) {
        p.put("action", change.action());
        p.put("ref", change.ref());
        p.put("provider_id", change.provider() == null ? null : change.provider().id());
        p.put("moved_to", change.movedTo());
        putWhen(p, change.when());
        return p;
      }
      return null;
    }

    private static void putWhen(Map<String, Object> p, SessionTime when) {
      if (when != null) {
        p.put("session_date", when.storedDate());
        p.put("session_time", when.storedTime());
      }
    }
  }

  /**
   * Whether {@code booking} (the row {@link Dataset#book} returned for the plan's booking) was made before this turn: an
   * earlier reply named it, or it holds another time than the one asked for (the turn's key found the thread's first
   * booking with this provider, so nothing new was booked).
   */
  static boolean bookedBefore(Plan plan, Map<String, Object> booking) {
    SessionTime stored = whenOf(booking);
    return plan.earlierReplies().stream().anyMatch(r -> r.contains("(booking #" + booking.get("ref") + ")"))
        || plan.when() != null && !plan.when().equals(stored);
  }

  /** The time a pending confirmation or a booking row carries; null without one. */
  static SessionTime whenOf(Map<String, Object> row) {
    Object date = row.get("session_date");
    Object time = row.get("session_time");
    if (date == null && time == null) {
      return null;
    }
    java.time.LocalTime clock = time instanceof String t && t.matches("[0-9]{2}:[0-9]{2}") ? java.time.LocalTime.parse(t) : null;
    String part = clock == null && time instanceof String t && t.matches("morning|afternoon|evening") ? t : null;
    return new SessionTime(date == null ? null : java.time.LocalDate.parse((String) date), clock, part);
  }

  /**
   * A change to a booked session: {@code action} {@code cancel} or {@code move} (to {@code movedTo}, the day or time
   * asked for) of the patient's booking {@code ref} with {@code provider}. {@code confirmed}: the patient said
   * yes to it, so the navigator makes it; otherwise the navigator asks to confirm it first. {@code when}: the day and
   * time of a move as read (null: none, or only words such as "a weekday").
   */
  record Change(String action, String ref, Provider provider, String movedTo, boolean confirmed, SessionTime when) {
    /** Whether the provider sees people at the time a move asks for (true for a cancel or nothing to check). */
    boolean fitsHours() {
      if (movedTo == null || provider == null) {
        return true;
      }
      if (when != null) {
        return when.within(provider);
      }
      return java.util.Arrays.stream(movedTo.toLowerCase(java.util.Locale.ROOT).split(" "))
          .filter(Lexicon.SLOTS::containsKey).allMatch(provider.slots()::contains);
    }
  }

  /**
   * The providers' booked sessions: the references and start times ({@link Bookings#takenBy}) of {@code provider}'s
   * sessions with a day and clock time, every patient's (the turn's own included).
   */
  @FunctionalInterface
  interface Calendar {
    Calendar EMPTY = provider -> List.of();

    List<Bookings.Taken> taken(String provider);

    /** This calendar read once per provider: a turn asks it several times, the database once. */
    default Calendar once() {
      Map<String, List<Bookings.Taken>> read = new java.util.concurrent.ConcurrentHashMap<>();
      return provider -> read.computeIfAbsent(provider, this::taken);
    }
  }

  /** The start times of {@code provider}'s sessions in {@code calendar}, the session {@code change} moves left out. */
  static List<java.time.LocalDateTime> takenWith(Calendar calendar, String provider, Change change) {
    String moving = change != null && change.action().equals("move") ? change.ref() : null;
    return calendar.taken(provider).stream().filter(t -> !t.ref().equals(moving)).map(Bookings.Taken::start).toList();
  }

  /** The turn's plan from its state, without the patient's booked sessions. */
  static Plan plan(State s) {
    return plan(s, List.of(), java.time.LocalDate.now());
  }

  /** The turn's plan without a calendar (no session taken). */
  static Plan plan(State s, List<Map<String, Object>> booked, java.time.LocalDate today) {
    return plan(s, booked, today, Calendar.EMPTY);
  }

  /**
   * The turn's plan from its state: the message, the transcript, the bundle's providers and the patient, and the
   * patient's sessions still booked ({@link Dataset#booked}: what a cancel or a move is about), and {@code today}, which
   * relative days ("thursday", "next monday", "tomorrow") resolve against.
   */
  @SuppressWarnings("unchecked")
  static Plan plan(State s, List<Map<String, Object>> booked, java.time.LocalDate today, Calendar calendar) {
    Map<String, Object> bundle = s.get(TurnState.BUNDLE);
    Map<String, Object> sections = bundle == null ? Map.of() : (Map<String, Object>) bundle.getOrDefault("sections", Map.of());
    Map<String, Object> genome = (Map<String, Object>) sections.getOrDefault("provider_genome", Map.of());
    List<Provider> providers = Provider.all((List<Map<String, Object>>) genome.getOrDefault("providers", List.of()));
    List<Reader.Turn> history = new ArrayList<>();
    String lastAi = null;
    List<String> earlierReplies = new ArrayList<>();
    for (Message m : s.getOrDefault(TurnState.MESSAGES, List.<Message>of())) {
      if (m instanceof Message.Human h) {
        history.add(new Reader.Turn(true, h.text()));
      } else if (m instanceof Message.Ai a) {
        history.add(new Reader.Turn(false, a.text()));
        lastAi = a.text();
        earlierReplies.add(String.valueOf(a.text()));
      }
    }
    String message = s.get(TurnState.TURN_MESSAGE);
    java.util.function.Function<String, Map<String, Integer>> themesOf = themesRead(sections);
    Reading reading = Reader.read(message, history, providers, themesOf);
    Map<String, Object> pending = s.get(TurnState.PENDING);
    if (pending != null && !"book".equals(pending.get("action")) && !(pending.get("ref") instanceof String)) {
      pending = null; // checkpointed before references (a counter, seq): absent, never a change of booking null
    }
    String answer = pending != null && lastAi != null && AssemblyTools.digest(lastAi).equals(pending.get("after"))
        ? Reader.answer(message, (String) pending.get("action")) : null;
    if (answer != null) { // a yes or no to what the last reply asked to confirm, whatever its words (a model's)
      boolean book = "book".equals(pending.get("action"));
      if (book && answer.equals("yes")) {
        String id = (String) pending.get("provider_id");
        Reading.Preferences p = reading.prefs();
        reading = new Reading("booking", reading.themes(), id, new Reading.Preferences(p.method(), id, p.gender(),
            p.language(), p.format(), p.slots(), p.insurer()), "yes");
      } else if (!book) {
        reading = new Reading("booking", reading.themes(), reading.therapist(), reading.prefs(),
            answer.equals("yes") ? "confirm" : "keep");
      }
    }
    Map<String, Integer> ownThemes = themesOf.apply(message);
    int own = Math.max(1, ownThemes.size());
    List<Fit.Ranked> ranked = Fit.rank(providers, reading.themes(), own, reading.prefs());
    Provider declined = "else".equals(reading.topic()) ? Reader.offered(lastAi, providers) : null;
    if (declined != null) { // "what about someone else?": the one offered is left out
      ranked = ranked.stream().filter(r -> !r.provider().id().equals(declined.id())).toList();
    }
    boolean basis = !reading.themes().isEmpty() || reading.prefs().any();
    Fit.Ranked best = basis && !ranked.isEmpty() && ranked.getFirst().score() > 0 ? ranked.getFirst() : null;
    Fit.Ranked bestAccepting = basis ? ranked.stream().filter(r -> r.provider().accepting() && r.score() > 0).findFirst()
        .orElse(null) : null;
    Provider target = null;
    Provider toBook = null;
    SessionTime when = null;
    boolean confirmTime = false;
    if (reading.intent().equals("booking") && (reading.topic().equals("book") || reading.topic().equals("yes"))) {
      target = reading.prefs().therapist() != null ? byId(providers, reading.prefs().therapist())
          : bestAccepting != null ? bestAccepting.provider() : best != null ? best.provider() : null;
      SessionTime asked = SessionTime.parse(message, today);
      java.util.regex.Matcher offered = lastAi == null ? null : BOOK_TIME_OFFER.matcher(lastAi);
      if ("yes".equals(answer) && "book".equals(pending.get("action"))) {
        when = whenOf(pending); // "yes" to "Thursday 3 December at 6 pm with Ben Okafor — shall I book it?"
      } else if (reading.topic().equals("yes") && offered != null && offered.find()
          && (asked == null || asked.date() == null)) {
        when = SessionTime.parse(offered.group(1), today); // the same question, read from its words (a new thread)
      } else if (asked != null && asked.date() != null && target != null) {
        when = asked; // "can I see Ben thursday at 3": asked to confirm first; outside the hours, the nearest offered
        confirmTime = reading.topic().equals("book") || !asked.within(target);
      }
      if (when != null && target != null && !confirmTime && (!when.within(target)
          || !when.free(takenWith(calendar, target.id(), null)))) { // another patient holds it: the nearest free times offered
        confirmTime = true; // a yes to a time outside the hours (a transcript's words): never booked, the nearest offered
      }
      if (target != null && target.accepting() && s.get(TurnState.PATIENT_ID) != null && !confirmTime) {
        toBook = target;
      }
    }
    Change change = reading.intent().equals("booking") ? change(reading, message, lastAi, booked, providers, today,
        "confirm".equals(reading.topic()) && answer != null ? pending : null) : null;
    return new Plan(message, reading, ranked, best, bestAccepting, target, toBook, providers, lastAi,
        List.copyOf(earlierReplies), List.copyOf(booked), change, ownThemes, when, confirmTime, calendar);
  }

  /** The navigator asking to confirm a booking's day and time: "Thursday 3 December at 6 pm with Ben Okafor — shall I
   * book it?", "… The nearest time he has is Thursday 3 December at 5 pm — shall I book that?". */
  static final java.util.regex.Pattern BOOK_TIME_OFFER = java.util.regex.Pattern.compile("([A-Z][a-z]+day [0-9]{1,2} "
      + "[A-Z][a-z]+(?: at [0-9]{1,2}(?::[0-9]{2})? (?:am|pm|noon)| in the (?:morning|afternoon|evening))?)(?: with [^—?]+?)? "
      + "— shall I book (?:it|that)\\?");

  /**
   * Each message's themes as {@code client_signal} read them this turn (its {@code read}); a message it did not read
   * (older than the session's slice, or no signal in the bundle) is read here, once.
   */
  @SuppressWarnings("unchecked")
  static java.util.function.Function<String, Map<String, Integer>> themesRead(Map<String, Object> sections) {
    Map<String, Map<String, Integer>> read = new java.util.HashMap<>();
    Object signal = sections.get("client_signal");
    if (signal instanceof Map<?, ?> sig && sig.get("read") instanceof List<?> rows) {
      for (Object row : rows) {
        if (row instanceof Map<?, ?> r && r.get("message") instanceof String text && r.get("themes") instanceof Map<?, ?> t) {
          Map<String, Integer> at = new java.util.LinkedHashMap<>();
          ((Map<String, Object>) t).forEach((theme, i) -> at.put(theme, ((Number) i).intValue()));
          read.put(text, at);
        }
      }
    }
    Map<String, Map<String, Integer>> memo = new java.util.HashMap<>();
    return text -> memo.computeIfAbsent(String.valueOf(text), x -> {
      Map<String, Integer> signalled = read.get(AssemblyTools.digest(x));
      return signalled != null ? signalled : Reader.themes(Lexicon.normalize(x));
    });
  }

  /**
   * The cancel or move a booking turn asks for: confirmed when it says yes to the navigator's "Shall I cancel …?";
   * otherwise the booked session it is about (the one whose therapist it names, else the only one; null when there are
   * several and it names none, or none is booked) with the day or time it names for a move.
   */
  static Change change(Reading reading, String message, String lastAi, List<Map<String, Object>> booked,
                       List<Provider> providers, java.time.LocalDate today, Map<String, Object> pending) {
    String topic = reading.topic();
    if (pending != null) { // the yes to what the last reply asked, kept in state
      return checked(new Change((String) pending.get("action"), (String) pending.get("ref"), byId(providers, (String) pending.get("provider_id")),
          (String) pending.get("moved_to"), true, whenOf(pending)));
    }
    if (topic.equals("confirm") && lastAi != null) {
      java.util.regex.Matcher offer = Reader.CHANGE_OFFER.matcher(lastAi);
      if (offer.find()) {
        String ref = offer.group(2); // the patient's own bookings only: another's reference finds nothing
        Map<String, Object> row = booked.stream().filter(b -> ref.equals(b.get("ref"))).findFirst().orElse(null);
        Provider p = row == null ? null : byId(providers, (String) row.get("provider_id"));
        // the time as the transcript's words give it, said again in ours: never stored as free text
        SessionTime at = offer.group(3) == null ? null : SessionTime.parse(offer.group(3), today);
        List<String> slots = offer.group(3) == null ? List.of() : Reader.preferences("any time " + offer.group(3), providers)
            .slots();
        String words = at != null ? at.words() : !slots.isEmpty() ? moveWords(slots) : null;
        return row == null ? null : checked(new Change(offer.group(1), ref, p, words, true, at));
      }
      return null;
    }
    if (!topic.equals("cancel") && !topic.equals("reschedule")) {
      return null;
    }
    String action = topic.equals("cancel") ? "cancel" : "move";
    Map<String, Object> row = null;
    java.util.regex.Matcher asked = lastAi == null ? null : Reader.MOVE_ASKED.matcher(lastAi);
    if (asked != null && asked.find() && action.equals("move")) {
      String ref = asked.group(1);
      row = booked.stream().filter(b -> ref.equals(b.get("ref"))).findFirst().orElse(null);
    }
    String named = Reader.named(Lexicon.normalize(message), providers);
    if (row == null && named != null) {
      row = booked.stream().filter(b -> named.equals(b.get("provider_id"))).reduce((a, b) -> b).orElse(null);
    }
    if (row == null && booked.size() == 1) {
      row = booked.getFirst();
    }
    if (row == null) {
      return null;
    }
    String when = message;
    if (asked == null || !asked.find(0)) { // "move my wednesday session to the afternoon": the time after "to"
      // ("wednesday afternoon works" right after the booking names the time without a verb)
      java.util.regex.Matcher to = MOVE_TO.matcher(Lexicon.normalize(message));
      when = to.find() ? to.group(2) : MOVE_VERB.matcher(Lexicon.normalize(message)).find() ? "" : message;
    }
    SessionTime at = when.isEmpty() || !action.equals("move") ? null : SessionTime.parse(when, today);
    List<String> slots = when.isEmpty() ? List.of() : Reader.preferences("any time " + when, providers).slots();
    String words = at != null ? at.words() : !slots.isEmpty() ? moveWords(slots) : null;
    return new Change(action, (String) row.get("ref"), byId(providers, (String) row.get("provider_id")),
        action.equals("move") ? words : null, false, at);
  }

  /**
   * {@code c} as confirmed only when it may be made: a move needs a day or time within the provider's hours (checked
   * again on the yes, whatever asked it); otherwise it is asked about again, unconfirmed.
   */
  private static Change checked(Change c) {
    return !c.confirmed() || !c.action().equals("move") || c.movedTo() != null && !c.movedTo().isBlank() && c.fitsHours()
        ? c : new Change(c.action(), c.ref(), c.provider(), c.movedTo(), false, c.when());
  }

  private static final java.util.regex.Pattern MOVE_TO = java.util.regex.Pattern.compile(
      "\\b(move|moving|push|change|shift|reschedul\\w*|switch)\\b.*?\\b(?:to|for|into|until|till)\\b(.*)$");

  private static final java.util.regex.Pattern MOVE_VERB = java.util.regex.Pattern.compile(
      "\\b(move|moving|push|change|shift|reschedul\\w*|switch)\\b");

  /** [afternoon, friday] → "Friday afternoon". */
  static String moveWords(List<String> slots) {
    List<String> days = slots.stream().filter(sl -> sl.endsWith("day") && !sl.equals("weekday"))
        .map(d -> d.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + d.substring(1)).toList();
    List<String> times = slots.stream().filter(sl -> !sl.endsWith("day") || sl.equals("weekday"))
        .map(t -> t.equals("weekend") ? "the weekend" : t.equals("weekday") ? "a weekday" : t).toList();
    return String.join(" ", java.util.stream.Stream.concat(days.stream().limit(1), times.stream().limit(1)).toList());
  }

  private static Provider byId(List<Provider> providers, String id) {
    return providers.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
  }

  /** The offline reply of a turn without a booking (the graph books first: {@link #reply}). */
  public static String respond(State s) {
    return reply(plan(s), s, null);
  }

  /** The offline reply to the turn's plan; {@code booking} is the booking made this turn (null: none). */
  @SuppressWarnings("unchecked")
  static String reply(Plan plan, State s, Map<String, Object> booking) {
    Map<String, Object> bundle = s.get(TurnState.BUNDLE);
    String empathy = s.get(TurnState.EMPATHY);
    boolean degraded = bundle != null && ((List<String>) bundle.getOrDefault("missing", List.of())).contains("session_narrative");
    String reply = null;
    for (int variant = 0; variant < 2 && (reply == null || plan.lastAi() != null && same(reply, plan.lastAi())); variant++) {
      reply = join(empathy, Replies.body(plan, s.get(TurnState.PATIENT_ID) != null, booking, variant > 0),
          degraded ? "I couldn't load your past sessions right now — have you seen anyone with us before?" : "");
    }
    if (plan.lastAi() != null && same(reply, plan.lastAi())) {
      reply = join(Replies.instead(plan, empathy), degraded ? "(I still can't load your past sessions.)" : "");
    }
    return reply;
  }

  static boolean same(String a, String b) {
    return Lexicon.normalize(a).equals(Lexicon.normalize(b));
  }

  static String join(String... parts) {
    StringBuilder b = new StringBuilder();
    for (String p : parts) {
      if (p != null && !p.isBlank()) {
        if (!b.isEmpty()) {
          b.append(' ');
        }
        b.append(p.trim());
      }
    }
    return b.toString();
  }

  /** The reading and the match in words, for the model's prompt. */
  static String forModel(Plan plan, Map<String, Object> booking, boolean patientKnown) {
    Reading r = plan.reading();
    StringBuilder b = new StringBuilder("## reading\n");
    b.append("intent: ").append(r.intent()).append(r.topic() == null || r.topic().isEmpty() ? "" : " (" + r.topic() + ")")
        .append("\nthemes: ").append(r.themes().isEmpty() ? "none named yet" : String.join(", ", r.themes()))
        .append("\npreferences: ").append(Replies.preferenceWords(r.prefs()).isEmpty() ? "none stated"
            : Replies.preferenceWords(r.prefs())).append('\n');
    if (plan.best() != null) {
      b.append("best fit: ").append(Replies.describe(plan.best())).append(plan.best().provider().accepting() ? ""
          : " — NOT accepting new patients").append('\n');
      if (!plan.best().provider().accepting() && plan.bestAccepting() != null) {
        b.append("best fit accepting new patients: ").append(Replies.describe(plan.bestAccepting())).append('\n');
      }
    }
    Change c = plan.change();
    if (c != null && booking != null && plan.toBook() == null) {
      b.append(c.action().equals("cancel") ? "cancelled this turn: booking #" + c.ref() : "moved this turn: booking #" + c.ref()
          + " to " + c.movedTo()).append("; confirm it\n");
    } else if (c != null && !c.confirmed()) {
      b.append("the patient asks to ").append(c.action()).append(" booking #").append(c.ref())
          .append(c.provider() == null ? "" : " with " + c.provider().shortName())
          .append(c.movedTo() == null ? "" : " to " + c.movedTo())
          .append(plan.changeTaken() ? (plan.ownAt(c.provider(), c.when()) != null ? ", a time the patient's own other "
              + "session (booking #" + plan.ownAt(c.provider(), c.when()).get("ref") + ") already holds: say they already "
              + "have a session then" : ", a time another patient's session already holds: say so")
              + " and ask which other day or time" : c.fitsHours() ? ": ask them to confirm first (Shall I " + c.action() + " your session …?)"
              : ", outside " + c.provider().possessive() + " hours (" + c.provider().hours() + "): say so and ask which "
              + "day or time instead").append("; nothing is changed yet\n");
    } else if (booking != null && bookedBefore(plan, booking)) {
      SessionTime stored = whenOf(booking);
      b.append("already booked before this turn: ").append(plan.toBook().shortName())
          .append(stored == null ? "" : " on " + stored.words()).append(" (booking #").append(booking.get("ref"))
          .append("); nothing new is booked: say so").append(plan.when() == null ? "" : " and offer to move it to "
              + plan.when().words()).append('\n');
    } else if (booking != null) {
      SessionTime stored = whenOf(booking);
      b.append("booked this turn: ").append(plan.toBook().shortName())
          .append(stored == null ? "" : " on " + stored.words()).append(" (booking #").append(booking.get("ref"))
          .append("); confirm it by name").append(stored == null ? "" : ", day and time").append('\n');
    } else if (plan.confirmTime() && plan.target() != null && plan.target().accepting() && patientKnown) {
      SessionTime offered = plan.offeredTime();
      b.append("the patient asks to book ").append(plan.target().shortName()).append(" on ").append(plan.when().words())
          .append(offered == plan.when() ? "" : plan.askedTaken() ? (plan.ownAt(plan.target(), plan.when()) != null
              ? ", a time the patient already has a session with " + plan.target().shortName() + " (booking #"
              + plan.ownAt(plan.target(), plan.when()).get("ref") + "): say so plainly"
              : ", already taken by another patient's session")
              + (offered == null ? "" : "; the nearest free time is " + offered.words()) : ", outside " + plan.target().possessive() + " hours ("
              + plan.target().hours() + ")" + (offered == null ? "" : "; the nearest time is " + offered.words()))
          .append(offered == null ? ": ask which day and time would suit" : ": ask them to confirm " + offered.words()
              + " (… — shall I book it?)").append("; nothing is booked yet\n");
    } else if (plan.target() != null && !patientKnown) {
      b.append("the patient asked to book ").append(plan.target().shortName())
          .append(" but no patient id is known: say they need to sign in (or call the care team) to book\n");
    }
    b.append("Answer the intent first; name providers by name, never by id.\n");
    return b.toString();
  }
}
