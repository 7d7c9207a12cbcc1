package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.PendingQuestion;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.apps.opencouch.memory.WritePolicy;
import dev.trellis.apps.opencouch.safety.CrisisResources;
import dev.trellis.apps.opencouch.safety.ReplyLocale;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The reply layer's own safety net, behind the crisis gate: a message that reached the
 * therapeutic branch yet speaks of death or harm (the write policy's lexicon, everyday idioms
 * such as "this homework is killing me" aside) is never reflected back or answered with a mode
 * template. It gets a short check-in with the locale's resources and the crisis reply's yes/no
 * question, left pending so the next "yes"/"no" is read against it. Routing stays the gate's, and so does
 * its reading of an idiom: a message the gate classed as figurative gets an ordinary reply, and one it was
 * unsure about (category {@code check_in}, the classifier's check-in band) always gets the check-in.
 */
final class CheckIn {
  private static final Pattern IDIOMS = Pattern.compile("\\b(is|are|was|'s|it'?s|this|that|these|gonna|going to|will|would)"
      + " (\\w+ )?(kill|killing|murder) (me|us)\\b|\\bkill(s|ed)? it\\b|\\bdying (to|for)\\b|\\bto die for\\b"
      + "|\\bdead (tired|serious|on|set|end)\\b|\\b(bored|scared|worried|tickled) to death\\b|\\bkill(ing)? time\\b"
      + "|\\b(phone|battery|laptop|car|plant)s? (is |was |just )?(dead|died)\\b|\\bdeadline\\b"
      // a death mourned, someone else's: "my dog died", "my mom passed away", "mein Hund ist gestorben", "ma mère est
      // morte" — grief, answered as grief; the writer's own words of death beside it are still read
      + "|\\b(my|our|his|her|their) (\\w+ ){0,2}(just |recently |suddenly )?(died|passed( away)?|is dead|has died)\\b"
      + "|\\b(mein|meine|unser|unsere) (\\w+ ){0,2}(ist|sind) (\\w+ )?(gestorben|tot)\\b"
      + "|\\b(mon|ma|mes|notre|nos) (\\w+ ){0,2}(est|sont) (\\w+ )?(mort|morte|morts|mortes|décédé|décédée)\\b");

  private CheckIn() {
  }

  /**
   * Whether {@code message} needs the check-in instead of an ordinary reply, given the gate's
   * {@code assessment} of it and whether a safety question is pending ({@code answering}: the message
   * answers it): never when the gate read it as figurative ("I need to end it with my boyfriend"),
   * whose reading is finer than this net's; always when the gate was unsure (its check-in band), unless
   * the message answers the question a check-in just asked — asking again because the answer is read
   * beside the same words would ask forever ("no, I'm not, just annoyed at myself").
   */
  static boolean needed(String message, Assessment assessment, boolean answering) {
    if (message == null || "figurative".equals(assessment.category())) {
      return false;
    }
    if ("check_in".equals(assessment.category()) && !answering) {
      return true; // the gate was unsure (its check-in band): ask, do not reflect
    }
    String literal = IDIOMS.matcher(message.toLowerCase(Locale.ROOT).replace('’', '\'')).replaceAll(" ");
    return !WritePolicy.safeToKeep(literal);
  }

  /** The check-in for {@code locale} (the message's language, else the session's), in its language; it ends with {@link PendingQuestion#ACTING_NOW}'s question. */
  static String text(String locale) {
    return Say.CHECK_IN.in(ReplyLocale.language(locale)) + "\n\n"
        + CrisisResources.format(CrisisResources.forLocale(locale)) + "\n\n" + PendingQuestion.ACTING_NOW.text(locale);
  }
}
