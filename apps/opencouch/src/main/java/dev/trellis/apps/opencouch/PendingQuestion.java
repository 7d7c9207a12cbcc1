package dev.trellis.apps.opencouch;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one yes/no question a crisis reply asked, kept in state ({@link CouchState#PENDING_QUESTION})
 * so that a bare "yes" or "no" on the next turn is read against it — whichever branch the gate
 * sends that turn to. {@code yesMeansDanger} says which answer is the worrying one. Each
 * follow-up reply asks exactly one question of its own (or none), so the chain stays short.
 */
public record PendingQuestion(String id, String text, boolean yesMeansDanger) {
  /** Asked after suicidal ideation or self-harm. */
  public static final PendingQuestion ACTING_NOW = new PendingQuestion("acting_now",
      "Are you thinking about acting on these thoughts right now?", true);
  /** Asked after a threat of violence. */
  public static final PendingQuestion DANGER_NOW = new PendingQuestion("danger_now",
      "Is anyone in immediate danger right now, including you?", true);
  /** Asked when the answer to one of the above was the worrying one. */
  public static final PendingQuestion SOMEONE_WITH_YOU = new PendingQuestion("someone_with_you",
      "Is there someone who can be with you right now?", false);

  /** How a message answers a yes/no question. */
  public enum Answer { YES, NO, OTHER }

  /** A follow-up reply: its text (resources included, one question at most) and the question it leaves pending, or null. */
  public record FollowUp(String text, PendingQuestion next) {
  }

  private static final Pattern YES = Pattern.compile("^(yes|yeah|yea|yep|yup|y|ya|sure|i am|i do|i have|i think so|"
      + "sometimes|maybe|kind of|kinda|a little|sort of|i guess|probably|ja|oui|si|sí)( (i am|i do|i have|there is))?$");
  private static final Pattern NO = Pattern.compile("^(no|nope|nah|n|not really|not now|not right now|no i'?m not|"
      + "i'?m not|i am not|no i don'?t|i don'?t|i do not|no one|nobody|there'?s no one|not at all|nein|non)"
      + "( (i'?m not|i don'?t|no one|nobody))?$");

  /** {@code message} read as an answer: YES, NO, or OTHER when it is more than a bare answer. */
  public static Answer read(String message) {
    if (message == null) {
      return Answer.OTHER;
    }
    String t = message.strip().toLowerCase(Locale.ROOT).replace('’', '\'').replaceAll("[\\s.!,]+$", "")
        .replaceAll("[,.]", "").replaceAll("\\s+", " ");
    if (YES.matcher(t).matches()) {
      return Answer.YES;
    }
    return NO.matcher(t).matches() ? Answer.NO : Answer.OTHER;
  }

  /**
   * The follow-up of this turn when its message is a bare yes/no answering the question the last
   * crisis reply left pending (with the locale's resources), else null.
   */
  public static FollowUp followUp(dev.trellis.graph.State s) {
    PendingQuestion pending = from(s.get(CouchState.PENDING_QUESTION));
    Answer answer = read(s.get(CouchState.MESSAGE));
    if (pending == null || answer == Answer.OTHER) {
      return null;
    }
    return pending.follow(answer, dev.trellis.apps.opencouch.safety.CrisisResources.format(
        dev.trellis.apps.opencouch.safety.CrisisResources.forLocale(s.get(CouchState.LOCALE))));
  }

  /** The question stored in state, or null when none is pending. */
  public static PendingQuestion from(Map<String, Object> stored) {
    if (stored == null || !(stored.get("id") instanceof String id)) {
      return null;
    }
    for (PendingQuestion q : new PendingQuestion[] {ACTING_NOW, DANGER_NOW, SOMEONE_WITH_YOU}) {
      if (q.id.equals(id)) {
        return q;
      }
    }
    return null;
  }

  /** As stored in state. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("text", text);
    m.put("yes_means_danger", yesMeansDanger);
    return m;
  }

  /** The state value of {@code q}: its map, or empty when nothing is pending. */
  public static Map<String, Object> stored(PendingQuestion q) {
    return q == null ? Map.of() : q.toMap();
  }

  /** The reply to {@code answer} (YES or NO) of this question, with {@code resources} (formatted lines) in it. */
  public FollowUp follow(Answer answer, String resources) {
    if (answer == Answer.OTHER) {
      throw new IllegalArgumentException("only a yes or a no answers " + id);
    }
    boolean danger = (answer == Answer.YES) == yesMeansDanger;
    if (this == SOMEONE_WITH_YOU) {
      return danger
          ? new FollowUp("Then please don't stay alone with this. The people at these numbers can be with you on the "
              + "phone right now:\n\n" + resources + "\n\nWould you be willing to call one of them now, while we keep talking?",
              null)
          : new FollowUp("I'm glad you're not alone right now. Please tell them how you're feeling and stay close to "
              + "them, and keep these numbers near:\n\n" + resources + "\n\nCould you tell them today what you told me?", null);
    }
    if (danger) {
      String why = this == DANGER_NOW ? "someone may be in danger" : "you're thinking about acting on these thoughts";
      return new FollowUp("Thank you for telling me; that took courage. Because " + why + " right now, please reach "
          + "out now, or call your local emergency number if anyone could be hurt soon:\n\n" + resources + "\n\n"
          + SOMEONE_WITH_YOU.text, SOMEONE_WITH_YOU);
    }
    String relief = this == DANGER_NOW ? "I'm glad no one is in immediate danger."
        : "I'm glad you're not about to act on them right now.";
    String ask = this == DANGER_NOW ? "What has been making you feel this way lately?"
        : "What has been making things feel so heavy lately?";
    return new FollowUp(relief + " What you're feeling still matters, and these people are there any time you need "
        + "them:\n\n" + resources + "\n\n" + ask, null);
  }
}
