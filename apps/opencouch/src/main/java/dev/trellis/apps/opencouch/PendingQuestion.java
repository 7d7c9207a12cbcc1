package dev.trellis.apps.opencouch;

import java.util.Locale;
import java.util.regex.Pattern;
import dev.trellis.apps.opencouch.safety.CrisisResources;
import dev.trellis.apps.opencouch.safety.ReplyLocale;

/**
 * The one yes/no question a crisis reply asked, kept in state ({@link CouchState#PENDING_QUESTION})
 * so that a bare "yes" or "no" on the next turn is read against it — whichever branch the gate
 * sends that turn to. {@code yesMeansDanger} says which answer is the worrying one. Each
 * follow-up reply asks exactly one question of its own (or none), so the chain stays short.
 */
public record PendingQuestion(String id, String text, boolean yesMeansDanger, String textDe, String textFr) {
  /** Asked after suicidal ideation or self-harm. */
  public static final PendingQuestion ACTING_NOW = new PendingQuestion("acting_now",
      "Are you thinking about acting on these thoughts right now?", true,
      "Denkst du gerade daran, diese Gedanken in die Tat umzusetzen?",
      "Est-ce que tu penses à passer à l'acte maintenant ?");
  /** Asked after a threat of violence. */
  public static final PendingQuestion DANGER_NOW = new PendingQuestion("danger_now",
      "Is anyone in immediate danger right now, including you?", true,
      "Ist gerade jemand in unmittelbarer Gefahr, auch du selbst?",
      "Est-ce que quelqu'un est en danger immédiat en ce moment, toi compris ?");
  /** Asked when the answer to one of the above was the worrying one. */
  public static final PendingQuestion SOMEONE_WITH_YOU = new PendingQuestion("someone_with_you",
      "Is there someone who can be with you right now?", false,
      "Gibt es jemanden, der jetzt bei dir sein kann?",
      "Y a-t-il quelqu'un qui peut être avec toi maintenant ?");

  /** The question in {@code locale}'s language (English, German or French). */
  public String text(String locale) {
    return ReplyLocale.pick(locale, text, textDe, textFr);
  }

  /** Every question OpenCouch asks. */
  private static final java.util.List<PendingQuestion> ALL = java.util.List.of(ACTING_NOW, DANGER_NOW, SOMEONE_WITH_YOU);

  /** How a message answers a yes/no question. */
  public enum Answer { YES, NO, OTHER }

  /** A follow-up reply: its text (resources included, one question at most) and the question it leaves pending, or null. */
  public record FollowUp(String text, PendingQuestion next, String locale) {
    /** The state value of the question this follow-up leaves pending ({@link AskedQuestion#NONE}: none), in its locale. */
    public AskedQuestion pending() {
      return stored(next, locale);
    }
  }

  private static final Pattern YES = Pattern.compile("^(yes|yeah|yea|yep|yup|y|ya|sure|i am|i do|i have|i think so|"
      + "sometimes|maybe|kind of|kinda|a little|sort of|i guess|probably|ja|oui|si|sí)( (i am|i do|i have|there is))?$");
  private static final Pattern NO = Pattern.compile("^(no|nope|nah|n|not really|not now|not right now|no i'?m not|"
      + "i'?m not|i am not|no i don'?t|i don'?t|i do not|no one|nobody|there'?s no one|not at all|nein|non)"
      + "( (i'?m not|i don'?t|no one|nobody))?$");

  /** The end of a message's first sentence, or of an answer set off by a comma ("no, I'm not going to do anything"). */
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?;,]+\\s+");
  /** Words after a "no" that take it back or hedge it ("No. But sometimes I think about it"). */
  private static final Pattern HEDGE = Pattern.compile("\\b(but|though|although|except|sometimes|maybe|might|not sure|"
      + "unless|yet|still|kind of|kinda|idk|don'?t know)\\b");

  /**
   * {@code message} read as an answer: YES, NO, or OTHER when it is more than a bare answer. A bare answer may
   * open a longer message as its own sentence or set off by a comma: "Yes. I have the pills here" is YES, and "no,
   * I'm not. just annoyed at myself" NO — unless what follows the "no" hedges it ("No. But sometimes…": OTHER, for
   * the gate to read).
   */
  public static Answer read(String message) {
    if (message == null) {
      return Answer.OTHER;
    }
    String t = lowered(message);
    Answer whole = bare(t);
    if (whole != Answer.OTHER) {
      return whole;
    }
    java.util.regex.Matcher end = SENTENCE_END.matcher(t);
    if (!end.find() || end.start() == 0) {
      return Answer.OTHER;
    }
    Answer first = bare(t.substring(0, end.start()));
    String rest = t.substring(end.end());
    return first == Answer.NO && HEDGE.matcher(rest).find() ? Answer.OTHER : first;
  }

  /** {@code message} as answers are read: stripped, lower case, typographic apostrophes plain. */
  private static String lowered(String message) {
    return message.strip().toLowerCase(Locale.ROOT).replace('’', '\'');
  }

  private static Answer bare(String lowered) {
    String t = lowered.replaceAll("[\\s.!,]+$", "").replaceAll("[,.]", "").replaceAll("\\s+", " ");
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
    return followUp(s, false);
  }

  /**
   * {@link #followUp(dev.trellis.graph.State)} on the crisis branch: the gate read a crisis in the message, so a
   * reassuring answer counts only when the message is nothing more than it — "No. I'm going to do it tonight" gets
   * the crisis reply, not relief; the worrying answer counts however long the message.
   */
  public static FollowUp followUpOnCrisis(dev.trellis.graph.State s) {
    return followUp(s, true);
  }

  /** Whether {@code answer} (YES or NO) is this question's reassuring one. */
  private boolean reassuredBy(Answer answer) {
    return (answer == Answer.YES) != yesMeansDanger;
  }

  /** Whether this turn's message answers the pending question with its reassuring answer (alone or opening it). */
  public static boolean reassures(dev.trellis.graph.State s) {
    PendingQuestion pending = CouchState.pendingQuestion(s).question();
    Answer answer = read(s.get(CouchState.MESSAGE));
    return pending != null && answer != Answer.OTHER && pending.reassuredBy(answer);
  }

  private static FollowUp followUp(dev.trellis.graph.State s, boolean crisis) {
    AskedQuestion stored = CouchState.pendingQuestion(s);
    PendingQuestion pending = stored.question();
    String message = s.get(CouchState.MESSAGE);
    if (pending == SOMEONE_WITH_YOU && Absent.notWithThem(message)) {
      // "maybe. my sister lives nearby": someone who could be there, not someone who is: reach out to them now
      String locale = stored.locale() != null ? stored.locale() : s.get(CouchState.LOCALE);
      return new FollowUp(Absent.reachOut(message, CrisisResources.format(CrisisResources.forLocale(locale)), locale),
          null, locale);
    }
    Answer answer = read(message);
    if (pending == null || answer == Answer.OTHER) {
      return null;
    }
    boolean reassuring = pending.reassuredBy(answer);
    if (crisis && reassuring && bare(lowered(message)) == Answer.OTHER) {
      return null;
    }
    // answered in the language and with the resources of the reply that asked
    String locale = stored.locale() != null ? stored.locale() : s.get(CouchState.LOCALE);
    return pending.follow(answer, CrisisResources.format(CrisisResources.forLocale(locale)), locale);
  }

  /**
   * The question of OpenCouch's that {@code reply} (an assistant message a client sent back) asks last, as stored
   * when asked in the language it is written in; {@link AskedQuestion#NONE} when it asks none. A stateless client
   * sends the conversation to a new thread each turn: its state holds no pending question, the transcript does.
   */
  public static AskedQuestion askedIn(String reply) {
    PendingQuestion found = null;
    String locale = null;
    int at = -1;
    for (PendingQuestion q : ALL) {
      String[][] asked = {{null, q.text}, {"de-DE", q.textDe}, {"fr-FR", q.textFr}};
      for (String[] a : asked) {
        int i = reply == null ? -1 : reply.lastIndexOf(a[1]);
        if (i > at) {
          at = i;
          found = q;
          locale = a[0];
        }
      }
    }
    return stored(found, locale);
  }

  /** The question whose id is {@code id}, or null when none is (or {@code id} is null). */
  public static PendingQuestion byId(String id) {
    for (PendingQuestion q : ALL) {
      if (q.id.equals(id)) {
        return q;
      }
    }
    return null;
  }

  /** As stored in state, asked in English (its answer is given in the session's locale). */
  public AskedQuestion asked() {
    return new AskedQuestion(id, text, yesMeansDanger, null);
  }

  /** As stored in state when asked in {@code locale} (null: {@link #asked()}): also {@code locale}, which its answer keeps. */
  public AskedQuestion asked(String locale) {
    return locale == null ? asked() : new AskedQuestion(id, text(locale), yesMeansDanger, locale);
  }

  /** The state value of {@code q} asked in {@code locale}, or {@link AskedQuestion#NONE} when nothing is pending. */
  public static AskedQuestion stored(PendingQuestion q, String locale) {
    return q == null ? AskedQuestion.NONE : q.asked(locale);
  }

  /** The reply to {@code answer} (YES or NO) of this question, in English, with {@code resources} (formatted lines) in it. */
  public FollowUp follow(Answer answer, String resources) {
    return follow(answer, resources, "en-US");
  }

  /** The reply to {@code answer} (YES or NO) of this question in {@code locale}'s language, with {@code resources} in it. */
  public FollowUp follow(Answer answer, String resources, String locale) {
    if (answer == Answer.OTHER) {
      throw new IllegalArgumentException("only a yes or a no answers " + id);
    }
    boolean danger = !reassuredBy(answer);
    String r = "\n\n" + resources + "\n\n";
    if (this == SOMEONE_WITH_YOU) {
      return danger
          ? new FollowUp(ReplyLocale.pick(locale,
              "Then please don't stay alone with this. The people at these numbers can be with you on the phone right now:"
                  + r + "Would you be willing to call one of them now, while we keep talking?",
              "Dann bleib bitte nicht allein damit. Die Menschen unter diesen Nummern können jetzt am Telefon bei dir sein:"
                  + r + "Wärst du bereit, jetzt eine davon anzurufen, während wir weiterreden?",
              "Alors s'il te plaît, ne reste pas seul·e avec ça. Les personnes à ces numéros peuvent être avec toi au "
                  + "téléphone dès maintenant :" + r + "Est-ce que tu veux bien en appeler un maintenant, pendant qu'on continue à parler ?"),
              null, locale)
          : new FollowUp(ReplyLocale.pick(locale,
              "I'm glad you're not alone right now. Please tell them how you're feeling and stay close to them, and keep "
                  + "these numbers near:" + r + "Could you tell them today what you told me?",
              "Ich bin froh, dass du gerade nicht allein bist. Sag ihnen bitte, wie es dir geht, bleib in ihrer Nähe und "
                  + "halte diese Nummern bereit:" + r + "Könntest du ihnen heute sagen, was du mir gesagt hast?",
              "Je suis content que tu ne sois pas seul·e en ce moment. Dis-leur ce que tu ressens, reste près d'eux et "
                  + "garde ces numéros à portée de main :" + r + "Pourrais-tu leur dire aujourd'hui ce que tu m'as dit ?"),
              null, locale);
    }
    if (danger) {
      boolean others = this == DANGER_NOW;
      return new FollowUp(ReplyLocale.pick(locale,
          "Thank you for telling me; that took courage. Because "
              + (others ? "someone may be in danger" : "you're thinking about acting on these thoughts") + " right now, "
              + "please reach out now, or call your local emergency number if anyone could be hurt soon:",
          "Danke, dass du es mir sagst; das braucht Mut. Weil "
              + (others ? "gerade jemand in Gefahr sein könnte" : "du gerade daran denkst, diese Gedanken umzusetzen")
              + ", melde dich bitte jetzt, oder ruf den Notruf, wenn bald jemand verletzt werden könnte:",
          "Merci de me l'avoir dit ; il fallait du courage. Comme "
              + (others ? "quelqu'un est peut-être en danger" : "tu penses à passer à l'acte") + " en ce moment, "
              + "contacte quelqu'un maintenant, ou appelle les urgences si quelqu'un risque d'être blessé bientôt :")
          + r + SOMEONE_WITH_YOU.text(locale), SOMEONE_WITH_YOU, locale);
    }
    String relief = this == DANGER_NOW
        ? ReplyLocale.pick(locale, "I'm glad no one is in immediate danger.",
            "Ich bin froh, dass niemand in unmittelbarer Gefahr ist.", "Je suis soulagé que personne ne soit en danger immédiat.")
        : ReplyLocale.pick(locale, "I'm glad you're not about to act on them right now.",
            "Ich bin froh, dass du sie gerade nicht umsetzen willst.", "Je suis soulagé que tu ne sois pas sur le point de passer à l'acte.");
    String ask = this == DANGER_NOW
        ? ReplyLocale.pick(locale, "What has been making you feel this way lately?",
            "Was hat dich in letzter Zeit so fühlen lassen?", "Qu'est-ce qui te fait te sentir comme ça ces derniers temps ?")
        : ReplyLocale.pick(locale, "What has been making things feel so heavy lately?",
            "Was hat sich in letzter Zeit so schwer angefühlt?", "Qu'est-ce qui rend les choses si lourdes ces derniers temps ?");
    return new FollowUp(relief + ReplyLocale.pick(locale,
        " What you're feeling still matters, and these people are there any time you need them:",
        " Was du fühlst, zählt trotzdem, und diese Menschen sind jederzeit für dich da:",
        " Ce que tu ressens compte quand même, et ces personnes sont là dès que tu en as besoin :") + r + ask, null, locale);
  }
}
