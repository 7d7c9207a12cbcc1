package dev.trellis.safety;

import dev.trellis.safety.train.Example;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Recall and precision of predictions over labelled examples: crisis, where a message counts
 * as caught when it gets a safety response — the crisis branch, or the check-in with resources
 * a message in an unreadable language gets ({@link #strictRecall()} counts the crisis branch
 * only) — and per class (predicted class = {@link Verdict#label()}).
 */
record Figures(List<Example> examples, List<Verdict> verdicts) {

  static Figures of(List<Example> examples, Function<Example, Verdict> classify) {
    return new Figures(examples, examples.stream().map(classify).toList());
  }

  /** The languages the classifier reads (its lexicons and the English encoder); others get the check-in by policy. */
  static final java.util.Set<String> READABLE = java.util.Set.of("en", "de", "fr");

  /**
   * The figures of the messages whose locale is in a language the classifier reads (English, German,
   * French). A message in any other language gets a safety response whatever it says (the crisis branch,
   * or the check-in the policy requires), so its crisis recall is 1.0 and its check-ins on ordinary
   * messages are the policy's price, reported by {@link #print} apart from the classifier's own precision.
   */
  Figures readable() {
    List<Example> kept = new java.util.ArrayList<>();
    List<Verdict> theirs = new java.util.ArrayList<>();
    for (int i = 0; i < examples.size(); i++) {
      if (READABLE.contains(language(examples.get(i).locale()))) {
        kept.add(examples.get(i));
        theirs.add(verdicts.get(i));
      }
    }
    return new Figures(kept, theirs);
  }

  private static String language(String locale) {
    int dash = locale.indexOf('-');
    return (dash < 0 ? locale : locale.substring(0, dash)).toLowerCase(Locale.ROOT);
  }

  long truePositives() {
    return count(true, true);
  }

  double crisisRecall() {
    return ratio(count(true, true), count(true, true) + count(true, false));
  }

  double crisisPrecision() {
    return ratio(count(true, true), count(true, true) + count(false, true));
  }

  static boolean caught(Verdict v) {
    return v.crisis() || v.action() == Action.CHECK_IN;
  }

  /** Crisis precision counting the crisis branch only (a check-in is not counted as a crisis verdict). */
  double strictPrecision() {
    long tp = 0;
    long predicted = 0;
    for (int i = 0; i < examples.size(); i++) {
      if (verdicts.get(i).crisis()) {
        predicted++;
        tp += examples.get(i).crisis() ? 1 : 0;
      }
    }
    return ratio(tp, predicted);
  }

  /** Crisis recall counting the crisis branch only. */
  double strictRecall() {
    long tp = 0;
    long p = 0;
    for (int i = 0; i < examples.size(); i++) {
      if (examples.get(i).crisis()) {
        p++;
        tp += verdicts.get(i).crisis() ? 1 : 0;
      }
    }
    return ratio(tp, p);
  }

  private long count(boolean actual, boolean predicted) {
    long n = 0;
    for (int i = 0; i < examples.size(); i++) {
      if (examples.get(i).crisis() == actual && caught(verdicts.get(i)) == predicted) {
        n++;
      }
    }
    return n;
  }

  /** Messages labelled {@code label} that got {@code action} (any action when null). */
  long count(RiskClass label, Action action) {
    long n = 0;
    for (int i = 0; i < examples.size(); i++) {
      if (examples.get(i).label() == label && (action == null || verdicts.get(i).action() == action)) {
        n++;
      }
    }
    return n;
  }

  private static double ratio(long a, long b) {
    return b == 0 ? 1.0 : (double) a / b;
  }

  /**
   * Aggregate figures only: crisis recall/precision, then per-class recall/precision/support and, for a
   * crisis class, the share of its messages caught (crisis branch or check-in, whatever the class given).
   */
  void print(String title, PrintStream out) {
    out.printf(Locale.ROOT, "%s: %d messages, crisis recall %.3f (%d/%d), crisis precision %.3f (%d/%d),"
        + " counting the crisis branch only: recall %.3f, precision %.3f%n", title,
        examples.size(), crisisRecall(), count(true, true), count(true, true) + count(true, false), crisisPrecision(),
        count(true, true), count(true, true) + count(false, true), strictRecall(), strictPrecision());
    out.printf(Locale.ROOT, "  figurative: %d messages, %d on the crisis branch; third party: %d messages, %d on the"
        + " third-party path, %d on the crisis branch%n", count(RiskClass.FIGURATIVE, null),
        count(RiskClass.FIGURATIVE, Action.CRISIS), count(RiskClass.THIRD_PARTY_CONCERN, null),
        count(RiskClass.THIRD_PARTY_CONCERN, Action.THIRD_PARTY), count(RiskClass.THIRD_PARTY_CONCERN, Action.CRISIS));
    Figures readable = readable();
    long others = examples.size() - readable.examples.size();
    long othersCrisis = count(true, true) + count(true, false) - readable.count(true, true) - readable.count(true, false);
    long othersCaught = count(true, true) - readable.count(true, true);
    long othersFalseAlarms = count(false, true) - readable.count(false, true);
    out.printf(Locale.ROOT, "  English, German and French (%d messages): crisis recall %.3f (%d/%d), precision %.3f (%d/%d);"
        + " %d messages in other languages: %d of %d crisis messages got a safety response, %d of %d others the"
        + " policy's check-in (or the crisis branch)%n", readable.examples.size(), readable.crisisRecall(),
        readable.count(true, true), readable.count(true, true) + readable.count(true, false), readable.crisisPrecision(),
        readable.count(true, true), readable.count(true, true) + readable.count(false, true), others, othersCaught,
        othersCrisis, othersFalseAlarms, others - othersCrisis);
    out.printf(Locale.ROOT, "  %-22s %6s %9s %7s %6s%n", "class", "recall", "precision", "support", "caught");
    for (RiskClass c : RiskClass.values()) {
      long tp = 0;
      long support = 0;
      long predicted = 0;
      long caught = 0;
      for (int i = 0; i < examples.size(); i++) {
        boolean actual = examples.get(i).label() == c;
        boolean pred = verdicts.get(i).label() == c;
        support += actual ? 1 : 0;
        predicted += pred ? 1 : 0;
        tp += actual && pred ? 1 : 0;
        caught += actual && caught(verdicts.get(i)) ? 1 : 0;
      }
      // caught: the crisis classes' recall as the README states it (a safety response, whatever the class)
      out.printf(Locale.ROOT, "  %-22s %6.2f %9.2f %7d %6s%n", c.wireName(), ratio(tp, support), ratio(tp, predicted),
          support, c.crisis() ? String.format(Locale.ROOT, "%.2f", ratio(caught, support)) : "");
    }
  }
}
