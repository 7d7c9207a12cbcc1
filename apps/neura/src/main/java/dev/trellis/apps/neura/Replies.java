package dev.trellis.apps.neura;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The offline navigator's sentences for each intent ({@link Navigator#reply} puts them together). */
final class Replies {
  private Replies() {
  }

  static final String OFFER = "Would you like me to book a first session with %s?";

  /** The answer to the plan's intent, with the match where it belongs. */
  static String body(Navigator.Plan plan, boolean patientKnown, Map<String, Object> booking, boolean again) {
    Reading r = plan.reading();
    String recap = again ? "To recap: " : "";
    return switch (r.intent()) {
      case "greeting" -> greeting(plan);
      case "concern" -> concern(plan, again);
      case "preference" -> recap + preference(plan);
      case "booking" -> booking(plan, patientKnown, booking, again);
      case "question_process" -> Navigator.join(recap + process(plan), nudge(plan));
      case "question_cost" -> Navigator.join(recap + cost(plan), nudge(plan));
      case "physical" -> physical(plan, again || plan.lastAi() != null && plan.lastAi().contains(PhysicalSymptoms.POINTER));
      case "thanks_bye" -> again ? "Take care." : thanks(plan);
      default -> other(plan, again);
    };
  }

  /** A different reply when the composed one would repeat the last reply word for word. */
  static String instead(Navigator.Plan plan, String empathy) {
    if (plan.bestAccepting() != null) {
      Provider p = plan.bestAccepting().provider();
      return Navigator.join(empathy, p.shortName() + " is still the one I'd suggest. I can book a first session with "
          + p.object() + " now, tell you more about how " + p.pronoun() + " works, or look at someone else — which would help?");
    }
    return Navigator.join(empathy, "I don't want to repeat myself. It may help to tell me, in your own words, what's been "
        + "hardest lately — or ask me anything about how therapy with us works, what it costs, or who is on the team.");
  }

  // --- greeting ---

  private static String greeting(Navigator.Plan plan) {
    if (plan.lastAi() == null) {
      return "Hi, I'm Neura. I help you find a therapist who fits you and book a first session. What's been going on "
          + "that brings you here? If you already know what you'd like in a therapist — a method such as CBT, ACT, EMDR "
          + "or family therapy, a woman or a man, a language, online or in person, or days and times — tell me that too.";
    }
    return plan.bestAccepting() != null ? "Hi again. We were looking at " + plan.bestAccepting().provider().shortName()
        + " for you — would you like to book, ask something, or talk about something new?"
        : "Hi again. What would you like to talk about — what's been going on, what you'd like in a therapist, or a "
            + "question about how it works?";
  }

  // --- concern ---

  private static String concern(Navigator.Plan plan, boolean again) {
    if (plan.reading().themes().isEmpty()) {
      return again ? "Take your time. Whatever feels most pressing is a good place to start — I'll use it to find the "
          + "right person." : "Can you tell me a little more about what's been hardest lately — for example sleep, low mood, worry or "
          + "panic, a loss, something frightening that happened, your relationship, or things with your children? "
          + "That's what I match therapists on.";
    }
    return again ? "To recap: " + match(plan, false) : match(plan, true);
  }

  /** The match in words: the best fit and why, a best fit not accepting and the next, unmet preferences, the offer. */
  static String match(Navigator.Plan plan, boolean askPreferences) {
    Fit.Ranked best = plan.best();
    if (best == null) {
      return "None of our therapists specialises in " + themeWords(plan.reading().themes()) + ", but I can still help you "
          + "look. Our team: " + team(plan.providers()) + ". Does one of them sound right?";
    }
    Provider p = best.provider();
    boolean repeated = plan.lastAi() != null && plan.lastAi().contains(p.shortName());
    StringBuilder b = new StringBuilder();
    if (p.accepting()) {
      if (repeated) {
        b.append("That still points to ").append(p.shortName()).append(" — ").append(why(best)).append('.');
      } else {
        b.append("Based on what you've told me, I'd suggest ").append(p.shortName()).append(": ").append(why(best)).append('.');
      }
      appendUnmet(b, best);
      appendAlternative(b, plan, best);
      b.append(' ').append(OFFER.formatted(p.shortName()));
      if (askPreferences && !plan.reading().prefs().any() && !repeated) {
        b.append(" If you have preferences — a woman or a man, online or in person, certain days — tell me and I'll take "
            + "them into account.");
      }
      return b.toString();
    }
    if (repeated && plan.lastAi().contains("accepting new patients")
        && !Reader.preferences(plan.message(), plan.providers()).any()
        && plan.ownThemes().keySet().stream().allMatch(t -> java.util.regex.Pattern
            .compile("specialises in [^.—]*\\b" + t).matcher(plan.lastAi()).find())) {
      Fit.Ranked next = plan.bestAccepting();
      return "That is what " + p.shortName() + "'s " + method(p) + " is for, but " + p.pronoun() + " still isn't taking new "
          + "patients. " + (next != null && plan.lastAi().contains(next.provider().shortName())
          ? "The offer of " + next.provider().shortName() + " stands. " : "")
          + "If it helps, tell me what matters most to you in a therapist — a woman or a man, online or in person, days "
          + "and times — and I'll look at who is taking new patients.";
    }
    b.append(p.shortName()).append(" is the closest fit — ").append(why(best)).append(" — but ").append(p.pronoun())
        .append(p.isPlural() ? " aren't" : " isn't").append(" accepting new patients right now.");
    Fit.Ranked next = plan.bestAccepting();
    if (next != null) {
      Provider n = next.provider();
      List<String> missing = plan.reading().themes().stream().filter(t -> !n.specialties().contains(t)).toList();
      if (next.themes().isEmpty() && !missing.isEmpty()) {
        b.append(" No one else who is taking new patients specialises in ").append(themeWords(missing)).append("; of them, ")
            .append(n.shortName()).append(" suits the rest of what you asked for: ").append(why(next)).append('.');
      } else {
        b.append(" Of those who are, ").append(n.shortName()).append(" fits best: ").append(why(next)).append('.');
        if (!missing.isEmpty()) {
          b.append(' ').append(capital(n.pronoun())).append(" doesn't specialise in ").append(themeWords(missing)).append('.');
        }
      }
      appendUnmet(b, next);
      b.append(' ').append(OFFER.formatted(n.shortName()));
    } else {
      b.append(plan.reading().themes().isEmpty() ? " No one else who is taking new patients matches that."
          : " No one else on the team who is taking new patients specialises in "
              + themeWords(plan.reading().themes()).replace(" and ", " or ") + ".")
          .append(" You could check back for an opening with ")
          .append(p.callName()).append(", or tell me if you'd like to hear about the others: ")
          .append(team(plan.providers().stream().filter(Provider::accepting).toList())).append('.');
    }
    return b.toString();
  }

  private static void appendUnmet(StringBuilder b, Fit.Ranked r) {
    if (!r.unmet().isEmpty()) {
      b.append(" One thing to know: ").append(r.provider().pronoun()).append(' ').append(Empathy.join(r.unmet())).append('.');
    }
  }

  /** Why a provider fits: "she specialises in anxiety and insomnia, works with CBT and sees people online". */
  static String why(Fit.Ranked r) {
    Provider p = r.provider();
    List<String> parts = new ArrayList<>();
    if (!r.themes().isEmpty()) {
      parts.add("specialises in " + themeWords(r.themes()));
    }
    parts.add(r.method() ? "offers " + method(p) + " (the method you asked for)" : "works with " + method(p));
    parts.addAll(r.met());
    return p.pronoun() + " " + Empathy.join(parts);
  }

  /** A second provider accepting new patients who covers a theme the first does not. */
  private static void appendAlternative(StringBuilder b, Navigator.Plan plan, Fit.Ranked first) {
    for (Fit.Ranked r : plan.ranked()) {
      if (r != first && r.provider().accepting() && r.score() > 0
          && r.themes().stream().anyMatch(t -> !first.themes().contains(t))) {
        List<String> extra = r.themes().stream().filter(t -> !first.themes().contains(t)).toList();
        b.append(" If you'd rather focus on ").append(themeWords(extra)).append(", ").append(r.provider().shortName())
            .append(" (").append(method(r.provider())).append(") specialises in that.");
        return;
      }
    }
  }

  /** A provider with their approach and specialties, for the model's prompt. */
  static String describe(Fit.Ranked r) {
    return r.provider().shortName() + " (" + r.provider().id() + "; " + method(r.provider()) + "; specialties "
        + String.join(", ", r.provider().specialties()) + "): " + why(r);
  }

  static String method(Provider p) {
    return p.modality().equals("family systems") ? "family systems therapy" : p.modality();
  }

  static String themeWords(List<String> themes) {
    return Empathy.join(themes.stream().map(t -> t.equals("relationships") ? "relationship difficulties" : t).toList());
  }

  static String team(List<Provider> providers) {
    return providers.stream().map(p -> p.shortName() + " (" + method(p) + "; " + themeWords(p.specialties())
        + (p.accepting() ? "" : "; not taking new patients") + ")").collect(Collectors.joining(", "));
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  // --- preference ---

  static String preferenceWords(Reading.Preferences p) {
    List<String> parts = new ArrayList<>();
    if (p.method() != null) {
      parts.add(p.method().equals("family systems") ? "family therapy" : p.method());
    }
    if (p.gender() != null) {
      parts.add(p.gender().equals("female") ? "a woman" : "a man");
    }
    if (p.language() != null) {
      parts.add("sessions in " + p.language());
    }
    if (p.format() != null) {
      parts.add(p.format());
    }
    if (!p.slots().isEmpty()) {
      parts.add(Fit.slotWords(p.slots()) + " times");
    }
    if (p.insurer() != null) {
      parts.add(p.insurer() + " insurance");
    }
    return Empathy.join(parts);
  }

  private static final List<String> OFFERED = List.of("CBT", "ACT", "EMDR", "family systems");

  private static String preference(Navigator.Plan plan) {
    Reading r = plan.reading();
    if ("else".equals(r.topic())) {
      Provider declined = Reader.offered(plan.lastAi(), plan.providers());
      List<Provider> others = plan.providers().stream().filter(p -> declined == null || !p.id().equals(declined.id())).toList();
      if (plan.bestAccepting() == null) {
        return "No one else taking new patients " + (r.themes().isEmpty() ? "fits what you've told me so far"
            : "specialises in " + themeWords(r.themes()).replace(" and ", " or ")) + ". The others are " + team(others)
            + ". Would one of them suit you, or is there something about a therapist I should look for?";
      }
      Fit.Ranked next = plan.bestAccepting();
      return "Of the others, " + next.provider().shortName() + " fits best: " + why(next) + "."
          + (next.unmet().isEmpty() ? "" : " One thing to know: " + next.provider().pronoun() + " "
              + Empathy.join(next.unmet()) + ".") + " " + OFFER.formatted(next.provider().shortName());
    }
    Reading.Preferences prefs = r.prefs();
    StringBuilder b = new StringBuilder();
    String words = preferenceWords(prefs);
    if (prefs.therapist() != null && plan.best() != null && plan.best().provider().id().equals(prefs.therapist())) {
      Provider p = plan.best().provider();
      Reading.Preferences own = Reader.preferences(plan.message(), plan.providers());
      List<String> asked = own.slots();
      if (p.accepting() && Lexicon.normalize(plan.message()).matches(".*\\b(taking|accepting|seeing|open to) (on )?(new |any )?"
          + "(people|patients|clients|anyone|referrals)\\b.*")) {
        b.append("Yes — ").append(p.shortName()).append(" is accepting new patients. ");
      }
      if (own.language() != null) {
        boolean speaks = p.languages().stream().anyMatch(l -> l.equalsIgnoreCase(own.language()));
        b.append(speaks ? "Yes — " + p.shortName() + " speaks " + own.language() + ". "
            : "No — " + p.shortName() + " speaks " + Empathy.join(p.languages()) + ", not " + own.language() + ". ");
      }
      if (own.format() != null) {
        b.append(p.formats().contains(own.format()) ? "Yes — " + p.shortName() + " sees people " + own.format() + ". "
            : "No — " + p.shortName() + " only sees people " + String.join(" or ", p.formats()) + ". ");
      }
      if (!asked.isEmpty()) {
        List<String> have = asked.stream().filter(p.slots()::contains).toList();
        b.append(have.isEmpty() ? "No — " + p.shortName() + " has no " + Fit.slotWords(asked) + " times. "
            : "Yes — " + p.shortName() + " has " + Fit.slotWords(have) + " times. ");
      }
      b.append(b.isEmpty() ? p.shortName() : capital(p.pronoun())).append(" works with ").append(method(p)).append(" and specialises in ")
          .append(themeWords(p.specialties())).append("; ").append(p.pronoun()).append(" sees people ")
          .append(String.join(" or ", p.formats())).append(", ").append(p.hours()).append('.');
      if (p.accepting()) {
        if (!own.any()) {
          appendUnmet(b, plan.best());
        }
        return b.append(' ').append(OFFER.formatted(p.shortName())).toString();
      }
      b.append(' ').append(capital(p.pronoun())).append(" isn't accepting new patients right now, so I can't book ")
          .append(p.object()).append(", and I don't have a date for when ").append(p.pronoun())
          .append(" will open again.");
      Fit.Ranked next = plan.bestAccepting();
      if (next != null) {
        b.append(" The closest fit who is: ").append(next.provider().shortName()).append(" — ").append(why(next)).append(". ")
            .append(OFFER.formatted(next.provider().shortName()));
      }
      return b.toString();
    }
    String own = preferenceWords(Reader.preferences(plan.message(), plan.providers()));
    if (!own.isEmpty() && plan.ownThemes().isEmpty()) {
      b.append("Noted: ").append(own).append('.');
    }
    if (prefs.method() != null && !OFFERED.contains(prefs.method())) {
      b.append(" No one on our team offers ").append(prefs.method()).append("; they work with CBT, ACT, EMDR and family "
          + "systems therapy.");
    }
    if (r.themes().isEmpty()) {
      if (plan.best() != null) {
        b.append(' ').append(match(plan, false).replace("Based on what you've told me, I'd suggest", "On that alone, I'd suggest"));
      }
      return b.append(" What would you like help with? That matters most for the match.").toString();
    }
    return b.append(' ').append(match(plan, false)).toString();
  }

  // --- booking ---

  private static String booking(Navigator.Plan plan, boolean patientKnown, Map<String, Object> booking, boolean again) {
    String topic = plan.reading().topic();
    if (topic.equals("cancel") || topic.equals("reschedule") || topic.equals("confirm") || topic.equals("keep")) {
      return change(plan, patientKnown, booking, again);
    }
    if (topic.equals("time")) {
      Provider p = plan.target() != null ? plan.target() : plan.reading().therapist() == null ? null
          : plan.providers().stream().filter(x -> x.id().equals(plan.reading().therapist())).findFirst().orElse(null);
      return p == null ? "Which days and times suit you? I'll find a therapist whose hours fit."
          : "I can't see " + p.possessive() + " calendar from here, but " + p.possessive() + " hours are " + p.hours()
              + ". Tell me the day and time of day that suit you and I'll book a first session with " + p.object()
              + " — the confirmation gives the exact time.";
    }
    if (topic.equals("status")) {
      String made = plan.latestBookingReply();
      if (made != null && made.contains("I've cancelled")) {
        return "You cancelled your session " + made.substring(made.indexOf("(booking #"), made.indexOf(')',
            made.indexOf("(booking #")) + 1) + ", so nothing is booked in this conversation now. "
            + (plan.bestAccepting() != null ? OFFER.formatted(plan.bestAccepting().provider().shortName())
                : "If you'd like a new session, tell me and I'll find the right person.");
      }
      if (made == null && !plan.booked().isEmpty()) { // booked in another conversation: the calendar has it
        List<String> each = plan.booked().stream().map(b -> {
          Provider p = plan.providers().stream().filter(x -> x.id().equals(b.get("provider_id"))).findFirst().orElse(null);
          SessionTime at = Navigator.whenOf(b);
          return (p == null ? "" : "with " + p.shortName()) + (at == null ? "" : " on " + at.words()) + " (booking #"
              + b.get("ref") + ")";
        }).toList();
        return "You're booked " + Empathy.join(each) + ".";
      }
      if (made == null) {
        return "I don't see a booking in this conversation. Your confirmation email has any booking you made elsewhere; "
            + (plan.bestAccepting() != null ? OFFER.formatted(plan.bestAccepting().provider().shortName())
                : "if you'd like one, tell me what you'd like help with and I'll find the right person.");
      }
      String ref = made.substring(made.indexOf("(booking #"), made.indexOf(')', made.indexOf("(booking #")) + 1);
      Provider with = plan.providers().stream().filter(p -> made.contains(p.shortName())).findFirst().orElse(null);
      SessionTime at = plan.booked().stream().filter(b -> ref.equals("(booking #" + b.get("ref") + ")")).findFirst()
          .map(Navigator::whenOf).orElse(null);
      if (at != null && at.date() != null) {
        return "You're booked" + (with == null ? "" : " with " + with.shortName()) + " on " + at.words() + " " + ref + ".";
      }
      return "You're booked" + (with == null ? "" : " with " + with.shortName()) + " " + ref + ". The confirmation "
          + "has the date and time" + (with == null ? "." : ", within " + with.possessive() + " hours: " + with.hours() + ".");
    }
    if (topic.equals("how")) {
      return "I can book it for you right here. " + (plan.bestAccepting() != null
          ? OFFER.formatted(plan.bestAccepting().provider().shortName())
          : "Tell me what you'd like help with, or name a therapist, and I'll book a first session.");
    }
    Provider target = plan.target();
    if (target == null) {
      return "Happy to book. Who should it be with? Tell me a little about what you'd like help with, or name a "
          + "therapist — our team is " + team(plan.providers()) + ".";
    }
    if (booking != null && plan.earlierReplies().stream().anyMatch(r -> r.contains("(booking #" + booking.get("ref") + ")"))) {
      List<String> slots = plan.reading().prefs().slots().stream().filter(target.slots()::contains).limit(1).toList();
      return "You're already booked with " + target.shortName() + " (booking #" + booking.get("ref") + "), so there's "
          + "nothing new to book. The confirmation offers a time within " + target.possessive() + " hours — "
          + target.hours() + (slots.isEmpty() ? "." : "; " + Fit.slotWords(slots) + " is among them.");
    }
    SessionTime at = booking == null ? null : Navigator.whenOf(booking);
    if (booking != null && at != null && at.date() != null) {
      return "Done — you're booked for a first session with " + target.shortName() + " on " + at.words() + " (booking #"
          + booking.get("ref") + "), " + String.join(" or ", target.formats()) + ". You'll get a confirmation by email.";
    }
    if (booking != null) {
      return "Done — you're booked for a first session with " + target.shortName() + " (booking #" + booking.get("ref")
          + "). You'll get a confirmation with the time; " + target.possessive() + " hours are " + target.hours()
          + ", " + String.join(" or ", target.formats()) + ".";
    }
    if (plan.confirmTime() && target.accepting() && patientKnown) {
      SessionTime offered = plan.offeredTime();
      if (offered == plan.when()) {
        return offered.words() + " with " + target.shortName() + " — shall I book it?";
      }
      if (plan.askedTaken()) { // within the hours, but another session holds it (another patient's, or the patient's own)
        List<SessionTime> free = plan.freeTimes();
        Map<String, Object> mine = plan.ownAt(target, plan.when());
        String taken = mine != null ? "You already have a session with " + target.shortName() + " then — "
            + plan.when().words() + " (booking #" + mine.get("ref") + ")."
            : plan.when().words() + " is already taken — " + target.shortName() + " has another session then.";
        return free.isEmpty() ? taken + " Which other day and time would suit you?"
            : taken + " The nearest free time " + target.pronoun() + " has is " + offered.words() + " — shall I book that?"
                + (free.size() < 2 ? "" : " (Also free: " + Empathy.join(free.subList(1, free.size()).stream()
                    .map(SessionTime::words).toList()) + ".)");
      }
      String no = target.shortName() + " doesn't see people on " + plan.when().words() + " — " + target.possessive()
          + " hours are " + target.hours() + ".";
      return offered == null ? no + " Which day and time would suit you?"
          : no + " The nearest time " + target.pronoun() + " has is " + offered.words() + " — shall I book that?";
    }
    if (!target.accepting()) {
      StringBuilder b = new StringBuilder(target.shortName()).append(" isn't accepting new patients right now, so I can't book ")
          .append(target.object()).append('.');
      Fit.Ranked next = plan.bestAccepting();
      if (next != null && !next.provider().id().equals(target.id())) {
        b.append(" The closest fit who is: ").append(next.provider().shortName()).append(" — ").append(why(next))
            .append(". ").append(OFFER.formatted(next.provider().shortName()));
      }
      return b.toString();
    }
    if (!patientKnown && again) {
      return "I still can't book from this chat: it isn't linked to a patient record. Sign in to Neura and ask me again, "
          + "or call the care team and ask for " + target.callName() + " — " + target.possessive() + " hours are "
          + target.hours() + ".";
    }
    if (!patientKnown) {
      return "I'd be glad to book " + target.shortName() + " for you, but this chat isn't linked to a patient record, "
          + "so I can't make a booking yet. Please sign in to Neura (your patient ID then comes with your messages) and "
          + "ask again, or call the care team and ask for " + target.callName() + ".";
    }
    return OFFER.formatted(target.shortName());
  }

  /** Cancelling or moving a booked session: asked to confirm first, then done once (through the booking subgraph). */
  private static String change(Navigator.Plan plan, boolean patientKnown, Map<String, Object> done, boolean again) {
    String topic = plan.reading().topic();
    String verb = topic.equals("cancel") ? "cancel" : "move";
    if (!patientKnown) {
      return "This chat isn't linked to a patient record, so I can't see your sessions to " + verb + " one. Please sign "
          + "in to Neura and ask me again, or use the link in your booking confirmation or call the care team — letting "
          + "them know at least 24 hours ahead is free.";
    }
    if (topic.equals("keep")) {
      return "All right — I've left your session as it is." + (again ? " Anything else I can help with?" : "");
    }
    Navigator.Change c = plan.change();
    if (c != null && c.confirmed()) {
      String with = c.provider() == null ? "" : " with " + c.provider().shortName();
      if (done == null) {
        return "I couldn't find that session (booking #" + c.ref() + ") among your bookings any more — it may already "
            + "have been cancelled. The care team can check it for you.";
      }
      if ("cancelled".equals(done.get("status"))) {
        return (Boolean.TRUE.equals(done.get("changed")) ? "Done — I've cancelled your session" : "That session is already "
            + "cancelled — your session") + with + " (booking #" + c.ref() + ")" + (Boolean.TRUE.equals(done.get("changed"))
            ? ". You'll get an email confirming the cancellation; there's no fee when it's more than 24 hours ahead."
            : ", so there's nothing more to do.") + " If you'd like another time or another therapist, just tell me.";
      }
      if (c.when() != null && c.when().date() != null && c.when().time() != null) {
        return "Done — I've moved your session" + with + " (booking #" + c.ref() + ") to " + c.movedTo() + ". You'll get "
            + "a new confirmation by email.";
      }
      return "Done — I've asked to move your session" + with + " (booking #" + c.ref() + ") to " + c.movedTo() + ". "
          + "You'll get a new confirmation with the exact time" + (c.provider() == null ? "."
              : ", within " + c.provider().possessive() + " hours: " + c.provider().hours() + ".");
    }
    if (topic.equals("confirm") && c == null) {
      return "I couldn't tell which session you meant. Tell me the therapist's name and whether to cancel or move it.";
    }
    if (plan.booked().isEmpty()) {
      return "I don't see a booked session for you. If you booked by phone or under another account, the link in your "
          + "confirmation or the care team can " + verb + " it — at least 24 hours ahead it's free.";
    }
    if (c == null) {
      List<String> which = plan.booked().stream().map(b -> {
        Provider p = plan.providers().stream().filter(x -> x.id().equals(b.get("provider_id"))).findFirst().orElse(null);
        return (p == null ? "" : "with " + p.shortName() + " ") + "(booking #" + b.get("ref") + ")";
      }).toList();
      return "You have " + which.size() + " sessions booked: " + Empathy.join(which) + ". Which one should I " + verb
          + "?";
    }
    String with = c.provider() == null ? "" : " with " + c.provider().shortName();
    if (c.action().equals("cancel")) {
      return "Shall I cancel your session" + with + " (booking #" + c.ref() + ")? Cancelling at least 24 hours ahead is "
          + "free.";
    }
    if (c.movedTo() == null) {
      return "Your session" + with + " (booking #" + c.ref() + "): which day or time would you like instead?"
          + (c.provider() == null ? "" : " " + capitalised(c.provider().possessive()) + " hours are "
              + c.provider().hours() + ".");
    }
    if (c.fitsHours() && plan.changeTaken()) { // another session holds that time (another patient's, or the patient's own)
      // the session being moved included: not a time to move it to
      List<SessionTime> free = c.when().nearestFree(c.provider(), Navigator.takenWith(plan.calendar(), c.provider().id(),
          null), 2);
      Map<String, Object> mine = plan.ownAt(c.provider(), c.when());
      return (mine != null ? "You already have a session with " + c.provider().shortName() + " then — " + c.when().words()
          + " (booking #" + mine.get("ref") + ")."
          : c.when().words() + " is already taken — " + c.provider().shortName() + " has another session then.") + " Your "
          + "session" + with + " (booking #" + c.ref() + "): which other day or time would you like?"
          + (free.isEmpty() ? "" : " The nearest free " + (free.size() == 1 ? "time is " : "times are ")
              + Empathy.join(free.stream().map(SessionTime::words).toList()) + ".");
    }
    if (!c.fitsHours()) {
      return c.provider().shortName() + " doesn't see people " + (c.when() != null && c.when().date() != null ? "on " : "")
          + c.movedTo() + " — " + c.provider().possessive()
          + " hours are " + c.provider().hours() + ". Your session" + with + " (booking #" + c.ref() + "): which day or "
          + "time would you like instead?";
    }
    return "Shall I move your session" + with + " (booking #" + c.ref() + ") to " + c.movedTo() + "?";
  }

  private static String capitalised(String word) {
    return word.isEmpty() ? word : word.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + word.substring(1);
  }

  // --- questions ---

  private static String process(Navigator.Plan plan) {
    Reading r = plan.reading();
    return switch (r.topic()) {
      case "first_session" -> (Lexicon.normalize(plan.message()).matches(".*\\bhave to (talk|tell|share|say|discuss).*")
          ? "You only talk about what you're ready to — your therapist won't push you into anything, including your past. "
          : "") + "The first session is about 50 minutes. Your therapist will ask what's brought you in, "
          + "a little about your background, and what you'd like to be different, and together you'll agree on goals and "
          + "how often to meet. You don't need to prepare anything, and it's fine to ask them questions too — about how "
          + "they work, or anything that worries you.";
      case "length" -> "Sessions are 50 minutes, usually weekly at first and less often as things improve. How many "
          + "depends on what you're working on: many people do 8 to 16 sessions of CBT or EMDR, others stay longer.";
      case "confidentiality" -> "What you tell your therapist is confidential: it's kept in your health record and shared "
          + "only with your care team — not with your employer or family unless you agree in writing. The exceptions are "
          + "the usual ones: if someone is at serious risk of harm, or a court orders the records.";
      case "matching" -> "I match on what you tell me: first what you'd like help with (each therapist specialises in "
          + "some areas), then your preferences — a method, a woman or a man, a language, online or in person, days "
          + "and times, your insurer."
          + (plan.best() != null ? " Right now " + plan.best().provider().shortName() + " comes out on top: "
              + why(plan.best()) + "." : "");
      case "hours" -> "Each therapist keeps their own hours: " + plan.providers().stream().map(p -> p.shortName() + ", "
          + p.hours()).collect(Collectors.joining("; ")) + ". I'm here any time.";
      case "format" -> "It depends on the therapist: " + plan.providers().stream().map(p -> p.shortName() + " sees people "
          + String.join(" or ", p.formats())).collect(Collectors.joining("; ")) + ".";
      case "about" -> "I'm Neura, an automated care navigator — not a therapist and not a person. I help you find a "
          + "therapist who fits and book a first session; the therapy itself is with a licensed clinician.";
      case "together" -> "In couples or family work you usually come together, at least at first; the therapist may also "
          + "see each of you alone now and then, and sometimes only part of the family comes. You settle it with the "
          + "therapist in the first session" + (plan.bestAccepting() == null ? "." : " — "
              + plan.bestAccepting().provider().shortName() + " will say how " + plan.bestAccepting().provider().pronoun()
              + " likes to work.");
      case "team" -> plan.ranked().stream() // "anyone for my 15 year old? she refuses to go to school": who has that
          .filter(f -> f.provider().accepting() && f.provider().specialties().stream().anyMatch(plan.ownThemes()::containsKey))
          .findFirst().map(f -> "Yes — " + f.provider().shortName() + " specialises in " + themeWords(f.provider().specialties())
              + " and works with " + method(f.provider()) + ". " + OFFER.formatted(f.provider().shortName()))
          .orElse("Our team: " + team(plan.providers()) + ".");
      case "waiting" -> "Everyone on the team except " + plan.providers().stream().filter(p -> !p.accepting())
          .map(Provider::shortName).collect(Collectors.joining(" and ")) + " is taking new patients; once I book, you'll "
          + "get a confirmation with the first time that fits.";
      case "intro" -> "There isn't a separate intro call: the first session is where you and your therapist get to know each "
          + "other and see whether it fits. If it doesn't feel right, tell me and I'll match you with someone else.";
      case "age" -> "Children and teenagers can be seen here: Dia Larsen (family systems therapy) works with families, and "
          + "with younger children a parent usually joins at least part of each session. The rest of the team sees adults.";
      case "group" -> "Sessions are one to one — or with your partner or family in couples and family work. We don't run "
          + "groups.";
      case "referral" -> "You don't need a referral to book with us. Some insurance plans want one before they pay — if "
          + "yours does, your family doctor can write it.";
      case "switch" -> "Then you switch: if it doesn't feel right after a session or two, tell me and I'll match you with "
          + "someone else. Therapists expect that; it's part of finding the right fit.";
      case "credentials" -> "Everyone on the team is licensed: " + plan.providers().stream().map(Provider::name)
          .collect(Collectors.joining("; ")) + ". LCSW means licensed clinical social worker and LMFT licensed marriage "
          + "and family therapist; both are licensed to provide therapy, as are our two psychologists (the doctors).";
      case "method" -> methodAnswer(r.prefs().method());
      case "cancellation" -> "You can cancel or move a session with the link in your booking confirmation or by calling "
          + "the care team. It costs nothing at least 24 hours ahead; later than that, the therapist may charge the "
          + "session fee.";
      default -> "Here's how it works: you tell me what's going on and what matters to you in a therapist, I suggest who "
          + "fits best and why, and I book a first session when you're ready. Sessions are 50 minutes, online or in "
          + "person depending on the therapist.";
    };
  }

  static String methodAnswer(String method) {
    if (method == null) {
      return "Our therapists use four approaches: CBT (changing the thoughts and habits that keep a problem going), ACT "
          + "(making room for hard feelings while acting on what matters to you), EMDR (processing traumatic memories "
          + "so they lose their charge) and family systems therapy (working on patterns between people). Which would you "
          + "like to hear more about?";
    }
    return switch (method) {
      case "CBT" -> "CBT — cognitive behavioural therapy — is a structured, practical therapy: you and your therapist look "
          + "at the thoughts and habits that keep a problem going and practise new ones between sessions. It's one of "
          + "the best-studied treatments for anxiety and insomnia. Dr. Ana Ruiz offers it.";
      case "ACT" -> "ACT — acceptance and commitment therapy — helps you make room for painful thoughts and feelings "
          + "instead of fighting them, and act on what matters to you. It's often used for depression and grief. "
          + "Ben Okafor offers it.";
      case "EMDR" -> "EMDR — eye movement desensitisation and reprocessing — is a therapy for trauma: while you briefly "
          + "recall a memory, the therapist guides your eyes side to side (or uses taps), which helps the memory lose "
          + "its charge. It's well studied for PTSD. Dr. Mei Chen offers it, though she isn't taking new patients just now.";
      case "family systems" -> "Family systems therapy looks at the patterns between people — partners, parents and "
          + "children — rather than at one person alone; sessions can be with you alone or with others. Dia Larsen "
          + "offers it, for relationships and parenting.";
      default -> "No one on our team offers " + method + "; they work with CBT, ACT, EMDR and family systems therapy. "
          + "I'm happy to explain any of those.";
    };
  }

  private static String cost(Navigator.Plan plan) {
    Reading.Preferences prefs = plan.reading().prefs();
    List<Provider> ps = plan.providers();
    String range = ps.isEmpty() ? "" : "$" + ps.stream().mapToInt(Provider::fee).min().orElse(0) + " to $"
        + ps.stream().mapToInt(Provider::fee).max().orElse(0);
    String sliding = ps.stream().filter(Provider::sliding).map(Provider::shortName).collect(Collectors.joining(" and "));
    if (plan.reading().topic().equals("cancellation")) {
      return "Cancelling or moving a session costs nothing if you let us know at least 24 hours ahead; later than that, "
          + "the therapist may charge the session fee (your confirmation has the details).";
    }
    if (prefs.insurer() != null && plan.reading().topic().equals("insurance")) {
      List<String> in = ps.stream().filter(p -> p.insurance().contains(prefs.insurer())).map(Provider::shortName).toList();
      if (in.isEmpty()) {
        return "None of our therapists is in network with " + prefs.insurer() + ". You can still see them self-pay ("
            + range + " a session" + (sliding.isEmpty() ? "" : "; " + sliding + " offer a sliding scale")
            + "), and we give you a superbill to claim any out-of-network benefits.";
      }
      String bestNote = "";
      if (plan.bestAccepting() != null) {
        Provider b = plan.bestAccepting().provider();
        bestNote = b.insurance().contains(prefs.insurer()) ? " That includes " + b.shortName() + ", who I suggested."
            : " " + b.shortName() + " isn't, so with " + b.object() + " it would be self-pay ($" + b.fee() + " a session).";
      }
      boolean yesNo = Lexicon.normalize(plan.message()).matches("^(do|does|is|are|can|will|would|could|you|accept|take)\\b.*"
          + "|.*\\b(do|does|will|would|can) (you|they|it|this) (take|accept|cover|work with)\\b.*");
      return (yesNo ? "Yes — with " : "With ") + prefs.insurer() + ", " + Empathy.join(in) + (in.size() == 1 ? " is" : " are")
          + " in network, so you'd usually pay just your plan's copay." + bestNote;
    }
    String insurers = ps.stream().flatMap(p -> p.insurance().stream()).distinct().collect(Collectors.joining(", "));
    if (plan.reading().topic().equals("insurance")) {
      return "Yes, we take insurance — between them our therapists are in network with " + insurers
          + ". Which insurer do you have? I'll tell you who's covered.";
    }
    String best = plan.bestAccepting() == null ? "" : " (" + plan.bestAccepting().provider().shortName() + ": $"
        + plan.bestAccepting().provider().fee() + ")";
    String insured = prefs.insurer() == null ? " With insurance (" + insurers + ") you'd usually pay just your copay — tell "
        + "me your insurer and I'll check."
        : " With " + prefs.insurer() + ", " + Empathy.join(ps.stream().filter(p -> p.insurance().contains(prefs.insurer()))
            .map(Provider::shortName).toList()) + " would cost just your copay.";
    return "Without insurance a 50-minute session costs " + range + ", depending on the therapist" + best + "."
        + (sliding.isEmpty() ? "" : " " + sliding + " offer a sliding scale if money is tight.")
        + (ps.stream().noneMatch(p -> p.insurance().contains(prefs.insurer())) && prefs.insurer() != null ? "" : insured);
  }

  /** After a question: the suggestion to book, when there is one and the last reply did not just offer it. */
  private static String nudge(Navigator.Plan plan) {
    if (plan.bestAccepting() == null || bookedWith(plan, plan.bestAccepting().provider()) || plan.lastAi() != null && Reader.BOOKING_OFFER.matcher(plan.lastAi()).find()
        && plan.lastAi().contains(plan.bestAccepting().provider().shortName())) {
      return "";
    }
    return "When you're ready to book a first session with " + plan.bestAccepting().provider().shortName()
        + ", just say so.";
  }

  // --- physical, thanks, other ---

  private static final java.util.regex.Pattern CARE_QUESTION = java.util.regex.Pattern.compile("(?i)(\\b((?-i:ER|A&E)|"
      + "emergency|urgent care|hospital|doctor|GP|walk-in|clinic)\\b.*\\?|\\bshould i (go|see|call)\\b)");

  private static String physical(Navigator.Plan plan, boolean again) {
    if (plan.reading().topic().equals("medication")) {
      return "I can't advise on medicines. Whether you can take them together, or change a dose, is a question for your "
          + "pharmacist or the doctor who prescribed them — a pharmacist can usually answer the same day. If you've "
          + "already taken something and feel unwell, call your doctor, or your local emergency number if it's severe. "
          + "I can help you find mental-health support alongside that.";
    }
    if (again && CARE_QUESTION.matcher(plan.message()).find()) {
      return "Whether you need to go is a call for a clinician, and I can't make it from here. " + PhysicalSymptoms.POINTER;
    }
    if (again) {
      return "I can't judge symptoms from here, even with details like a temperature — a doctor, a nurse advice line or "
          + "an urgent care clinic can, and today if it's getting worse. If you have trouble breathing or swallowing, call "
          + "your local emergency number. When you'd like to, I can also help you find mental-health support.";
    }
    return PhysicalSymptoms.POINTER;
  }

  private static String thanks(Navigator.Plan plan) {
    if (offered(plan) && Lexicon.DECLINE.matcher(Lexicon.normalize(plan.message())).find()) {
      return "No problem — I won't book anything. Take care, and come back whenever you like.";
    }
    String booked = plan.bookedBefore() ? " Your booking stands; the confirmation has the details." : "";
    return "You're welcome." + booked + " Take care — I'm here whenever you want to pick this up again.";
  }

  /** Whether an earlier reply confirmed a booking with {@code p}. */
  static boolean bookedWith(Navigator.Plan plan, Provider p) {
    return plan.earlierReplies().stream().anyMatch(r -> r.contains("(booking #") && r.contains(p.shortName()));
  }

  private static boolean offered(Navigator.Plan plan) {
    return plan.lastAi() != null && Reader.BOOKING_OFFER.matcher(plan.lastAi()).find();
  }

  private static String other(Navigator.Plan plan, boolean again) {
    if (again) {
      return "Sorry, I'm still not sure what you need. You can tell me what's been going on, ask to book, or ask how "
          + "therapy with us works or what it costs.";
    }
    String m = Lexicon.normalize(plan.message());
    if (offered(plan) && Lexicon.DECLINE.matcher(m).find()) {
      return "No problem — nothing is booked. Would you like to know more first, or hear about someone else?";
    }
    if (plan.bestAccepting() != null && bookedWith(plan, plan.bestAccepting().provider())) {
      return "You're booked with " + plan.bestAccepting().provider().shortName() + ". Is there anything else I can help "
          + "with — a question about the first session, cost, or something on your mind?";
    }
    if (Lexicon.AFFIRM.matcher(m).find()) {
      return plan.bestAccepting() != null ? "Okay. " + OFFER.formatted(plan.bestAccepting().provider().shortName())
          + " Or tell me more, or ask me anything about how it works." : "Okay. What would you like help with?";
    }
    if (plan.bestAccepting() != null) {
      return "I'm not sure I followed. " + OFFER.formatted(plan.bestAccepting().provider().shortName())
          + " Or ask me anything about how it works or what it costs.";
    }
    return "I'm not sure I followed that. I'm here to help you find and book a therapist — tell me what's been going "
        + "on, what you'd like in a therapist, or ask me how it works or what it costs.";
  }
}
