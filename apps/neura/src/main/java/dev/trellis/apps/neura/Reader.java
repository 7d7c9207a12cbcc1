package dev.trellis.apps.neura;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a patient's message in its conversation, deterministically: its intent, the conversation's themes, the
 * preferences stated so far and the provider it is about ({@link Reading}). Uses {@link Lexicon}'s phrases and the
 * providers' names.
 */
final class Reader {
  private Reader() {
  }

  /** A message of the conversation before the current one. */
  record Turn(boolean human, String text) {
  }

  /** What the navigator's reply offered that a bare "yes please" accepts. */
  static final Pattern BOOKING_OFFER = Pattern.compile("(?i)((would you like|do you want|shall i|should i|want me to|can i)"
      + "( me)?( to)? (go ahead and )?(book|schedule|set up|arrange|make an appointment)|would you like (a|an|your) (first )?"
      + "(session|appointment)|(would you like|do you want|shall i|want me) (me )?to (find|look for) (a )?time|would you "
      + "like to (see|book with|meet|start with) (her|him|them|someone|somebody))");
  /** A reply offering times to choose from ("She has Friday at 2:00 PM or Monday at 11:00 AM. Which would you prefer?"). */
  static final Pattern TIME_OFFER = Pattern.compile("(?i)(which (one )?(works|would you (like|prefer)|suits|is better)|shall i "
      + "book (it|that)|(has|have) (an )?(openings?|slots?|times?|availability)|(has|have) (monday|tuesday|wednesday|thursday|"
      + "friday|saturday|sunday)|at [0-9]{1,2}(:[0-9]{2})? ?(am|pm)|what (day|time)s? (suits?|works?|would (work|suit)|is best|would be "
      + "better)|which (day|time|appointment|session)s?\\b)");
  /** A short answer to offered times: a day, a time, a number, or asking for another. */
  private static final Pattern TIME_ANSWER = Pattern.compile("^(((on |at |the |my |this |next )?(" + Lexicon.DAY + "|"
      + "tomorrow|[0-9]{1,2}(:[0-9]{2})? ?(am|pm)?|mornings?|afternoons?|evenings?|first|second|the (first|second|"
      + "earlier|later) one)\\b.{0,60})|.*\\b(neither|none of (those|them|these)|anything (earlier|later|else|next week|"
      + "on)|(has|have) anything (on |this |next )?(" + Lexicon.DAY + "|tomorrow|earlier|later)|(slots?|times?|openings?) (on|at|in|this|next)|"
      + "(earlier|later) in the (day|week)|something (earlier|later)|do you have anything|any other (times?|days?|"
      + "slots?)|other times)\\b.*)$");
  /** A booking's reference as replies give it ({@link Bookings#newRef}: {@code K7QM-29XD}). */
  static final String REF = "[0-9A-Z]{4}-[0-9A-Z]{4}";

  /** The navigator asking to confirm a cancel or a move: "Shall I cancel your session with Ben Okafor (booking #K7QM-29XD)?". */
  static final Pattern CHANGE_OFFER = Pattern.compile("Shall I (cancel|move) your session with [^?]*?\\(booking #(" + REF + ")\\)"
      + "(?: to ([^?]+))?\\?");
  /** The navigator asking which day or time a session should move to. */
  static final Pattern MOVE_ASKED = Pattern.compile("\\(booking #(" + REF + ")\\): which day or time");
  /** Keeping a session as it is, after the navigator asked to confirm a change. */
  private static final Pattern KEEP = Pattern.compile("^(no|nope|nah|not (yet|now)|wait|hold on|actually|leave it|keep it|"
      + "never ?mind|don'?t)\\b");
  /** A reply that suggested someone without offering to book ("… is the closest fit … isn't accepting new patients"). */
  private static final Pattern SUGGESTED = Pattern.compile("(isn't accepting new patients|is the closest fit|I'd suggest|"
      + "fits best)");
  /** A bare acknowledgement: after an offer it is not taken as a yes. */
  private static final Pattern BARE_OK = Pattern.compile("^(ok(ay)?|k|alright|all right|right|hmm+|i see)[ .!]*$");

  static Reading read(String message, List<Turn> history, List<Provider> providers) {
    return read(message, history, providers, text -> themes(Lexicon.normalize(text)));
  }

  /**
   * As {@link #read(String, List, List)}, with each message's themes (by where each is first cued) from
   * {@code themesOf}: the navigator passes what {@code client_signal} already read, so a message is read once a turn.
   */
  static Reading read(String message, List<Turn> history, List<Provider> providers,
                      java.util.function.Function<String, Map<String, Integer>> themesOf) {
    String m = Lexicon.normalize(message);
    Map<String, Integer> ownThemes = themesOf.apply(message);
    List<String> earlierHuman = new ArrayList<>();
    String lastAi = null;
    for (Turn t : history) {
      if (t.human()) {
        earlierHuman.add(t.text());
      } else {
        lastAi = t.text();
      }
    }
    if (!earlierHuman.isEmpty() && earlierHuman.getLast().equals(message)) {
      earlierHuman.removeLast(); // the transcript ends with the current message
    }
    // themes: this message's, then the earlier patient messages' (newest first)
    List<String> themes = new ArrayList<>(ownThemes.keySet());
    for (int i = earlierHuman.size() - 1; i >= 0; i--) {
      themesOf.apply(earlierHuman.get(i)).keySet().stream().filter(th -> !themes.contains(th)).forEach(themes::add);
    }
    Reading.Preferences prefs = Reading.Preferences.NONE;
    for (String earlier : earlierHuman) {
      prefs = prefs.overriddenBy(preferences(earlier, providers));
    }
    Reading.Preferences own = preferences(message, providers);
    prefs = prefs.overriddenBy(own);
    Provider offered = offered(lastAi, providers);
    String pronoun = Pattern.compile("\\b(her|she)\\b").matcher(m).find() ? "she"
        : Pattern.compile("\\b(him|he)\\b").matcher(m).find() ? "he" : null;
    if (offered != null && pronoun != null && !offered.pronoun().equals(pronoun) && lastAi != null) {
      // "does she speak Spanish?": the last reply's first provider the pronoun fits
      String said = lastAi;
      offered = providers.stream().filter(p -> p.pronoun().equals(pronoun) && said.contains(p.shortName()))
          .min(java.util.Comparator.comparingInt(p -> said.indexOf(p.shortName()))).orElse(offered);
    }
    String[] intent = intent(message, m, ownThemes, own, lastAi, own.therapist() == null ? -1 : namedAt(m, providers));
    boolean aboutTherapist = !intent[0].equals("concern") && !intent[0].equals("physical") || ownThemes.isEmpty();
    String referred = own.therapist() != null ? own.therapist()
        : aboutTherapist && refersBack(m) && offered != null && !intent[1].equals("else") ? offered.id() : null;
    if (referred == null && intent[0].equals("booking") && intent[1].equals("yes") && offered != null) {
      referred = offered.id();
    }
    if (referred != null && !referred.equals(prefs.therapist())) {
      prefs = new Reading.Preferences(prefs.method(), referred, prefs.gender(), prefs.language(), prefs.format(),
          prefs.slots(), prefs.insurer());
    }
    if (referred == null && offered == null && prefs.gender() == null && refersBack(m) && ownThemes.isEmpty()
        && (intent[0].equals("booking") || intent[0].equals("preference"))) {
      // "can I book with her?" with no one named before: at least the gender
      String g = Pattern.compile("\\b(her|she)\\b").matcher(m).find() ? "female"
          : Pattern.compile("\\b(him|he)\\b").matcher(m).find() ? "male" : null;
      prefs = new Reading.Preferences(prefs.method(), prefs.therapist(), g, prefs.language(), prefs.format(), prefs.slots(),
          prefs.insurer());
    }
    String therapist = referred;
    if (therapist == null && (!themes.isEmpty() || prefs.any())) {
      List<Fit.Ranked> ranked = Fit.rank(providers, themes, Math.max(1, ownThemes.size()), prefs);
      therapist = ranked.isEmpty() || ranked.getFirst().score() <= 0 ? null : ranked.getFirst().provider().id();
    }
    if (therapist == null && prefs.therapist() != null) {
      therapist = prefs.therapist();
    }
    return new Reading(intent[0], List.copyOf(themes), therapist, prefs, intent[1]);
  }

  /**
   * A yes or a no to a question asking to confirm something ({@code "yes"}, {@code "no"}); null when the message is
   * neither or asks for a change of its own ("actually cancel it").
   */
  static String answer(String message, String action) {
    String m = Lexicon.normalize(message);
    if (asksOtherChange(m, action)) {
      return null;
    }
    if (KEEP.matcher(m).find() || Lexicon.DECLINE.matcher(m).find()
        || m.matches(".*\\b(keep|leave) (it|the (session|appointment|booking))\\b.*")) {
      return "no";
    }
    if (Lexicon.AFFIRM.matcher(m).find() && !BARE_OK.matcher(m).matches()
        && !m.matches(".*\\b(but|not|what about|how about|bye|goodbye|no thanks|maybe later)\\b.*")) {
      return "yes";
    }
    return null;
  }

  /**
   * Whether a reply to "Shall I {@code action} …?" asks for a change of its own: "actually move it to friday" after
   * "Shall I cancel …?", "yes but to saturday instead"; "yes cancel it" after "Shall I cancel …?" does not.
   */
  static boolean asksOtherChange(String m, String action) {
    boolean cancel = Lexicon.CANCEL.matcher(m).find();
    boolean move = Lexicon.RESCHEDULE.matcher(m).find();
    if (!cancel && !move) {
      return false;
    }
    boolean yesSame = Lexicon.AFFIRM.matcher(m).find() && !m.matches(".*\\b(but|instead|actually|rather|another|different)\\b.*")
        && (cancel ? "cancel".equals(action) : "move".equals(action) || "book".equals(action));
    return !yesSame;
  }

  /** The provider the navigator's reply offered to book, else the first it named; null when none. */
  static Provider offered(String aiText, List<Provider> providers) {
    if (aiText == null) {
      return null;
    }
    Matcher offer = BOOKING_OFFER.matcher(aiText);
    int from = offer.find() ? offer.start() : 0;
    Provider best = null;
    int at = Integer.MAX_VALUE;
    String lower = aiText.toLowerCase(java.util.Locale.ROOT);
    for (Provider p : providers) {
      int i = aiText.indexOf(p.shortName(), from);
      if (i < 0) {
        i = aiText.indexOf(p.callName(), from);
      }
      Matcher byName = p.namePattern() == null ? null : p.namePattern().matcher(lower);
      if (i < 0 && byName != null && byName.find(from)) {
        i = byName.start();
      }
      if (i >= 0 && i < at) {
        at = i;
        best = p;
      }
    }
    return best != null || from == 0 ? best : lastNamed(aiText.substring(0, from), providers);
  }

  /** The provider named last in {@code text} ("… Dr. Ana Ruiz also has openings. Would you like to see her instead?"). */
  private static Provider lastNamed(String text, List<Provider> providers) {
    Provider best = null;
    int at = -1;
    String lower = text.toLowerCase(java.util.Locale.ROOT);
    for (Provider p : providers) {
      int i = Math.max(text.lastIndexOf(p.shortName()), text.lastIndexOf(p.callName()));
      Matcher byName = p.namePattern() == null ? null : p.namePattern().matcher(lower);
      while (byName != null && byName.find()) {
        i = Math.max(i, byName.start());
      }
      if (i > at) {
        at = i;
        best = p;
      }
    }
    return best;
  }

  private static final Pattern REFERS_BACK = Pattern.compile("\\b(her|him|them|she|he|that one|this one|the first one|"
      + "the one you (mentioned|suggested|said)|that (therapist|person|counsel\\w*)|this (therapist|person)|"
      + "the same (one|person|therapist))\\b");

  private static boolean refersBack(String m) {
    return REFERS_BACK.matcher(m).find();
  }

  /** The message's themes with where each is first cued. */
  static Map<String, Integer> themes(String m) {
    Map<String, Integer> at = new LinkedHashMap<>();
    String unnegated = Lexicon.WORRY_ABOUT_SOMEONE.matcher(Lexicon.NEGATED.matcher(m).replaceAll(" ")).replaceAll(" worried-about my $5 ");
    boolean death = Lexicon.DEATH_CUE.matcher(unnegated).find();
    Lexicon.THEME_CUES.forEach((theme, cue) -> {
      Matcher c = cue.matcher(unnegated);
      if (c.find()) {
        if (death && theme.equals("parenting") && !c.group().matches(".*(won'?t|doesn'?t|refuses|tantrum|teen|toddler|"
            + "school|custody|parent).*")) {
          return; // "my son died" is a loss, not parenting
        }
        at.put(theme, c.start());
      }
    });
    List<Map.Entry<String, Integer>> sorted = new ArrayList<>(at.entrySet());
    sorted.sort(Map.Entry.comparingByValue());
    Map<String, Integer> out = new LinkedHashMap<>();
    sorted.forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  /** The preferences one message states. */
  static Reading.Preferences preferences(String original, List<Provider> providers) {
    String m = Lexicon.normalize(original);
    String method = ACT.matcher(original == null ? "" : original).find() ? "ACT" : null;
    for (Map.Entry<String, Pattern> e : Lexicon.METHODS.entrySet()) {
      if (method == null && e.getValue().matcher(m).find()) {
        method = e.getKey();
        break;
      }
    }
    String therapist = named(m, providers);
    String gender = Lexicon.FEMALE.matcher(m).find() ? "female" : Lexicon.MALE.matcher(m).find() ? "male" : null;
    String language = null;
    Matcher lang = Lexicon.LANGUAGE.matcher(m);
    if (lang.find() && Lexicon.LANGUAGE_CONTEXT.matcher(m).find()) {
      String l = lang.group(1);
      language = switch (l) {
        case "chinese" -> "Mandarin";
        case "espanol", "español" -> "Spanish";
        case "asl", "sign language" -> "ASL";
        default -> l.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + l.substring(1);
      };
    }
    String format = Lexicon.IN_PERSON.matcher(m).find() ? "in person" : Lexicon.ONLINE.matcher(m).find() ? "online" : null;
    List<String> slots = new ArrayList<>();
    if (Lexicon.SLOT_CONTEXT.matcher(m).find() || Lexicon.PREFERENCE_WISH.matcher(m).find()) {
      Lexicon.SLOTS.forEach((slot, p) -> {
        if (p.matcher(m).find()) {
          slots.add(slot);
        }
      });
    }
    if (slots.stream().anyMatch(sl -> sl.endsWith("day") && !sl.equals("weekday"))) {
      slots.removeIf(sl -> sl.equals("weekend") || sl.equals("weekday")); // "saturdays": the day says it
    }
    String insurer = null;
    for (Map.Entry<String, Pattern> e : Lexicon.INSURERS.entrySet()) {
      if (e.getValue().matcher(m).find() && (!e.getKey().equals("United") || m.matches(".*(insur|plan|cover|network|"
          + "healthcare|health care|uhc|united ?health|optum|(have|got|with|on|through|use) united).*"))) {
        insurer = e.getKey();
        break;
      }
    }
    return new Reading.Preferences(method, therapist, gender, language, format, List.copyOf(slots), insurer);
  }

  private static final Pattern ACT = Pattern.compile("\\bACT\\b");

  /** The provider whose name the message uses, first by position; null when none. */
  static String named(String m, List<Provider> providers) {
    String best = null;
    int at = Integer.MAX_VALUE;
    for (Provider p : providers) {
      Pattern name = p.namePattern();
      Matcher n = name == null ? null : name.matcher(m);
      if (n != null && n.find() && n.start() < at) {
        at = n.start();
        best = p.id();
      }
    }
    return best;
  }

  /** Where the first provider's name the message uses starts; -1 when none. */
  private static int namedAt(String m, List<Provider> providers) {
    return providers.stream().map(Provider::namePattern).filter(java.util.Objects::nonNull)
        .mapToInt(n -> Lexicon.firstAt(n, m)).filter(i -> i >= 0).min().orElse(-1);
  }

  /** The first cue position of any stated preference; -1 when none. */
  private static int preferenceAt(String m, Reading.Preferences own, List<Pattern> extra) {
    List<Pattern> cues = new ArrayList<>(extra);
    cues.add(Lexicon.FEMALE);
    cues.add(Lexicon.MALE);
    cues.add(Lexicon.ONLINE);
    cues.add(Lexicon.IN_PERSON);
    cues.add(Lexicon.PREFERENCE_WISH);
    cues.add(Lexicon.THERAPIST_TRAIT);
    cues.addAll(Lexicon.METHODS.values());
    if (!own.slots().isEmpty()) {
      cues.addAll(Lexicon.SLOTS.values());
    }
    if (own.language() != null) {
      cues.add(Lexicon.LANGUAGE);
    }
    return cues.stream().mapToInt(c -> Lexicon.firstAt(c, m)).filter(i -> i >= 0).min().orElse(-1);
  }

  /** The intent and its topic (or "" without one). */
  private static String[] intent(String original, String m, Map<String, Integer> ownThemes, Reading.Preferences own,
                                 String lastAi, int nameAt) {
    Matcher greet = Lexicon.GREETING.matcher(m);
    boolean greeted = greet.lookingAt();
    String after = greeted ? m.substring(greet.end()).trim() : m;
    for (Matcher again = Lexicon.GREETING.matcher(after); greeted && !after.isEmpty() && again.lookingAt();
         again = Lexicon.GREETING.matcher(after)) {
      after = after.substring(again.end()).trim(); // "Morning. Hi"
    }
    String rest = after;
    boolean offeredBooking = lastAi != null && BOOKING_OFFER.matcher(lastAi).find();
    Matcher changeOffer = lastAi == null ? null : CHANGE_OFFER.matcher(lastAi);
    if (changeOffer != null && changeOffer.find() && !asksOtherChange(rest, changeOffer.group(1))) { // "Shall I cancel …?"
      if (KEEP.matcher(rest).find() || rest.matches(".*\\b(keep|leave) (it|the (session|appointment|booking))\\b.*")) {
        return new String[] {"booking", "keep"};
      }
      if (Lexicon.AFFIRM.matcher(rest).find() && !BARE_OK.matcher(rest).matches()) {
        return new String[] {"booking", "confirm"};
      }
    }
    if (lastAi != null && MOVE_ASKED.matcher(lastAi).find()
        && Lexicon.SLOTS.values().stream().anyMatch(p -> p.matcher(rest).find())) {
      return new String[] {"booking", "reschedule"}; // "friday afternoon" after "which day or time would you like?"
    }
    boolean suggested = offeredBooking || lastAi != null && SUGGESTED.matcher(lastAi).find();
    if (suggested && Lexicon.SOMEONE_ELSE.matcher(m).find() && !Lexicon.EXPLICIT_BOOKING.matcher(m).find()) {
      return new String[] {"preference", "else"};
    }
    boolean timeAsked = lastAi != null && TIME_OFFER.matcher(lastAi).find();
    boolean namesTime = Lexicon.SLOTS.values().stream().anyMatch(p -> p.matcher(rest).find());
    if (offeredBooking && Lexicon.AFFIRM.matcher(rest).find() && !BARE_OK.matcher(rest).matches()
        && !rest.matches(".*\\b(but|not|what about|how about|bye|goodbye|that'?s all|no thanks|maybe later)\\b.*")
        && !Lexicon.COST.matcher(rest).find()
        && (!Lexicon.QUESTION_FORM.matcher(rest).find() || namesTime)) {
      return new String[] {"booking", "yes"}; // "yes that works. tuesday if he has it?"
    }
    if (lastAi != null && lastAi.contains("you're booked for a first session") && TIME_ANSWER.matcher(rest).matches()
        && Lexicon.SLOTS.values().stream().anyMatch(p -> p.matcher(rest).find())) {
      return new String[] {"booking", "reschedule"}; // "wednesday afternoon works" right after the booking: its time
    }
    if ((offeredBooking || timeAsked) && TIME_ANSWER.matcher(rest).matches() && !Lexicon.COST.matcher(rest).find()) {
      // "wednesday", "friday at 2 pls", "10" after times were offered; "anything next week?" asks for others
      if (lastAi.matches("(?is).*\\b(change|move|reschedul\\w*|different (day|time)|work better|instead)\\b.*")) {
        return new String[] {"booking", "reschedule"}; // "my monday 3pm with Ana" after "which appointment would you like to change?"
      }
      return new String[] {"booking", rest.matches(".*\\b(neither|none|anything|earlier|later|other|do you have)\\b.*")
          ? "time" : "yes"};
    }
    if (lastAi != null && lastAi.contains("(booking #") && rest.matches("^(so |and |ok |okay )?(when|what time|what day|where)"
        + "('?s| is| will) (it|that)\\b.*")) {
      return new String[] {"booking", "status"}; // "when is it?" right after the booking
    }
    if (greeted && (rest.isEmpty() || Lexicon.SMALL_TALK.matcher(rest).matches())) {
      return new String[] {"greeting", ""};
    }
    if (Lexicon.OFF_TOPIC.matcher(m).find()) {
      return new String[] {"other", ""};
    }
    String physical = physical(original, m, ownThemes);
    if (physical != null && (Lexicon.CANCEL.matcher(m).find() || Lexicon.RESCHEDULE.matcher(m).find())
        && !Lexicon.NOT_BOOKING.matcher(m).find()) {
      physical = null; // "I need to cancel tomorrow's session, my daughter has a fever" is about the session
    }
    if (physical != null) {
      return new String[] {"physical", physical};
    }
    boolean booking = (Lexicon.BOOKING.matcher(m).find() && !Lexicon.NOT_BOOKING.matcher(m).find())
        || Lexicon.BOOKING_QUESTION.matcher(m).find()
        || (nameAt >= 0 || refersBack(m) && lastAi != null) && SEE_NAMED.matcher(m).find() && WHEN.matcher(m).find()
        && Lexicon.firstAt(WHEN, m) > Lexicon.firstAt(SEE_NAMED, m); // "can I see Ben thursday at 3", "can we see her at 7?"
    if (booking && !Lexicon.EXPLICIT_BOOKING.matcher(m).find() && Lexicon.COST.matcher(m).find()) {
      return new String[] {"question_cost", "cost"}; // "do I pay at the appointment or do you bill me after?"
    }
    if (booking && Lexicon.CANCEL.matcher(m).find() && Lexicon.COST.matcher(m).find()) {
      return new String[] {"question_cost", "cancellation"};
    }
    if (booking && Lexicon.CANCEL.matcher(m).find() && m.matches(".*\\b(policy|rules?|how (do|can) i cancel|"
        + "what if i (need to|have to) cancel)\\b.*")) {
      return new String[] {"question_process", "cancellation"};
    }
    if (booking && !Lexicon.EXPLICIT_BOOKING.matcher(m).find() && Lexicon.PREFERENCE_WISH.matcher(m).find() && own.any()) {
      booking = false; // "I'd prefer someone who has evening appointments" is a preference
    }
    if (booking && !Lexicon.EXPLICIT_BOOKING.matcher(m).find() && Lexicon.QUESTION_FORM.matcher(m).find()
        && Lexicon.PROCESS_TOPIC.matcher(m).find()) {
      booking = false; // "how soon can I get an appointment?" asks how it works
    }
    if (booking) {
      String topic = Lexicon.BOOKING_STATUS.matcher(m).find() ? "status" : Lexicon.CANCEL.matcher(m).find() ? "cancel" : Lexicon.RESCHEDULE.matcher(m).find() ? "reschedule"
          : Lexicon.BOOKING_QUESTION.matcher(m).find() ? "how" : "book";
      return new String[] {"booking", topic};
    }
    if (Lexicon.COST.matcher(m).find() || own.insurer() != null) {
      boolean selfPay = m.matches(".*\\b(without insurance|no insurance|don'?t have insurance|uninsured|self-?pay|out of "
          + "pocket|cash)\\b.*");
      return new String[] {"question_cost", !selfPay && (own.insurer() != null || m.contains("insur") || m.contains("network")
          || m.contains("cover")) ? "insurance" : "cost"};
    }
    boolean question = Lexicon.QUESTION_FORM.matcher(m).find();
    if (Lexicon.firstAt(Lexicon.THANKS_BYE, rest) == 0 && LEAVING.matcher(m).find() && !m.contains("?")) {
      return new String[] {"thanks_bye", ""}; // "Thank you, you've been really helpful. I'll think about Dr Ruiz and come back."
    }
    int wishAt = Math.max(Lexicon.firstAt(Lexicon.THERAPIST_TRAIT, m), Lexicon.firstAt(WANT_SOMEONE, m));
    int askAt = java.util.stream.IntStream.of(Lexicon.firstAt(Lexicon.PROCESS_TOPIC, m), Lexicon.firstAt(METHOD_QUESTION, m))
        .filter(i -> i >= 0).min().orElse(-1);
    boolean wishFirst = wishAt >= 0 && wishAt <= 25 && (askAt < 0 || wishAt < askAt); // "Somebody who does family therapy … the LMFT?"
    String process = wishFirst ? null : processTopic(m, own, question, ownThemes);
    if (process != null) {
      return new String[] {"question_process", process};
    }
    int concernAt = ownThemes.values().stream().mapToInt(Integer::intValue).min().orElse(-1);
    int distressAt = Lexicon.firstAt(Lexicon.DISTRESS, m);
    if (concernAt < 0 || distressAt >= 0 && distressAt < concernAt) {
      concernAt = distressAt;
    }
    boolean hasPreference = own.method() != null || own.therapist() != null || own.gender() != null
        || own.language() != null || own.format() != null || !own.slots().isEmpty()
        || Lexicon.NO_PREFERENCE.matcher(m).find() || Lexicon.THERAPIST_TRAIT.matcher(m).find();
    if (hasPreference) {
      int preferenceAt = preferenceAt(m, own, own.therapist() != null ? List.of(Pattern.compile("\\b(dr\\.?|doctor)\\b"))
          : List.of());
      if (own.therapist() != null) {
        preferenceAt = preferenceAt < 0 ? Math.max(0, nameAt) : nameAt >= 0 ? Math.min(preferenceAt, nameAt) : preferenceAt;
      }
      if (concernAt < 0 || preferenceAt >= 0 && preferenceAt <= concernAt) {
        return new String[] {"preference", ""};
      }
    }
    if (concernAt >= 0) {
      return new String[] {"concern", ""};
    }
    if (Lexicon.THANKS_BYE.matcher(m).find()) {
      return new String[] {"thanks_bye", ""};
    }
    if (greeted) {
      return new String[] {"greeting", ""};
    }
    if (question && m.matches(".*\\b(therap\\w*|counsel\\w*|neura|session|sessions)\\b.*")) {
      return new String[] {"question_process", "general"};
    }
    return new String[] {"other", ""};
  }

  /** {@code medication}, {@code symptom}, or null when the message is not about the body or medicines. */
  private static String physical(String original, String m, Map<String, Integer> ownThemes) {
    if (m.contains("referral")) {
      return null; // "do I need a referral from my GP?" asks how it works
    }
    if (Lexicon.MEDICATION.matcher(m).find() && Lexicon.MEDICATION_QUESTION.matcher(m).find()) {
      return "medication";
    }
    if (Lexicon.SEE_A_DOCTOR.matcher(m).find()) {
      return "symptom"; // "should I get that checked by a doctor or is it just nerves?"
    }
    boolean panic = ownThemes.containsKey("anxiety");
    String body = panic ? Lexicon.PANIC_BODY.matcher(m).replaceAll(" ") : m;
    if (Lexicon.EXTRA_SYMPTOMS.matcher(body).find() || PhysicalSymptoms.mentioned(panic ? body : original)) {
      return "symptom";
    }
    return null;
  }

  /** Leaving for now: "I'll think about it and come back". */
  private static final Pattern LEAVING = Pattern.compile("\\b(i'?ll (think|get back|come back|let you know|be in touch)|come back|"
      + "bye|talk (to you )?(later|soon)|that'?s (all|it)|have a (good|nice|great))\\b");
  /** Wanting a kind of therapist, said first. */
  private static final Pattern WANT_SOMEONE = Pattern.compile("\\b(i )?(just )?(want|need|would like|'d like|looking for|"
      + "prefer\\w*) (someone|somebody|a therapist|a counsel\\w*|the (lady|woman|man|guy|one))\\b");
  /** Asking to see a named therapist: "can I see Ben thursday at 3", "could we get Dia on saturday". */
  private static final Pattern SEE_NAMED = Pattern.compile("\\b(can|could|may) (i|we) (see|meet|have|get|get in with)\\b");
  /** A day or a time of day. */
  private static final Pattern WHEN = Pattern.compile("\\b(" + Lexicon.DAY + "|today|tomorrow|tonight|next week|this week|"
      + "(this|next|the) weekend|(the|on) [0-9]{1,2}(st|nd|rd|th)|in (a|an|one|two|three|four|[1-9]) (days?|weeks?)|"
      + "after work|before work|"
      + "mornings?|afternoons?|evenings?|at [0-9]{1,2}(:[0-9]{2})?|[0-9]{1,2}(:[0-9]{2})? ?(am|pm))\\b");
  private static final Pattern METHOD_QUESTION = Pattern.compile("\\b(what( even| exactly| actually)?('?s| is| are| does)|explain|tell me (about|"
      + "more)|how does|never heard|difference|mean|what (actually )?happens|(do|will|would) (you|i|we) have to|does (it|that) "
      + "(involve|mean))\\b");
  /** A question that opens on the method: "how does CBT help with sleep?", "does EMDR mean I have to…?". */
  private static final Pattern ABOUT_METHOD = Pattern.compile("^((wait|so|ok|okay|um|and|but|sorry),? )?(how|what|does|do|is|can|will|"
      + "would)\\b[^.?!]{0,30}\\b(cbt|act|acceptance|cognitive|eye movement|emdr|family systems|family therapy|dbt|it)\\b");

  private static String processTopic(String m, Reading.Preferences own, boolean question, Map<String, Integer> themes) {
    boolean topic = Lexicon.PROCESS_TOPIC.matcher(m).find();
    if (own.method() != null && METHOD_QUESTION.matcher(m).find() && (themes.isEmpty() || ABOUT_METHOD.matcher(m).find())) {
      return "method";
    }
    if (!topic || !question && !m.matches(".*\\b(what happens|what to expect|confidential|private|how it works|"
        + "first session|intake|how long|how often)\\b.*")) {
      return null;
    }
    List<Map.Entry<String, String>> topics = List.of(
        Map.entry("(we both|both of us|the whole family|everyone|all of us|my (partner|husband|wife|kids?|son|daughter)) "
            + "(have|need|has|needs) to (come|attend|be there)|(have|need) to come (together|every)|" + Lexicon.ALONE, "together"),
        Map.entry(Lexicon.INTRO, "intro"),
        Map.entry(Lexicon.AGE, "age"),
        Map.entry(Lexicon.GROUP, "group"),
        Map.entry("first (session|appointment|visit|meeting|time)|intake|initial|what happens|what to expect|expect|"
            + "what should i (bring|say|prepare)|(do|should) i (need to |have to )?bring|have to (talk|tell|share|say|discuss|bring)", "first_session"),
        Map.entry("lcsw|lmft|what does [a-z]+ (mean|stand for)", "credentials"),
        Map.entry("hours|when are you open", "hours"),
        Map.entry("how long|session length|minutes|sessions? (last|are)|how often|how many sessions", "length"),
        Map.entry("confidential|privacy|private|who (can|will) (see|read|know)|records|share|tell my", "confidentiality"),
        Map.entry("online or in[- ]person|in[- ]person or online|(online|in[- ]person|virtual|remote|by video)\\b", "format"),
        Map.entry("match|pick|choose|decide|why (her|him|them|this|that|dr|did you)|recommend|suggest", "matching"),
        Map.entry("find out|know|employer|boss", "confidentiality"),
        Map.entry("(don'?t|do not) (like|get on|get along|click|gel)|not (a good|the right) fit|work out", "switch"),
        Map.entry("bot\\b|robot\\b|human|real\\b|person\\b|\\bai\\b|chatbot|what is neura|what do you do|your name|who are you|"
            + "what are you", "about"),
        Map.entry("who are|what (kind|type|sort)|which (therapy|approach|method)|do you (see|treat|work with|take|help)|"
            + "(anyone|someone|somebody|anybody|a therapist) (for|who (sees|works with|treats))", "team"),
        Map.entry("how soon|waitlist|wait|how quickly|how fast", "waiting"),
        Map.entry("referral", "referral"),
        Map.entry("switch|change", "switch"),
        Map.entry("qualified|licensed|credentials", "credentials"),
        Map.entry("what is|what are|what'?s|difference", "method"));
    return topics.stream().filter(e -> Pattern.compile("\\b(" + e.getKey() + ")").matcher(m).find())
        .map(Map.Entry::getValue).findFirst().orElse("general");
  }
}
