package dev.trellis.apps.opencouch.memory;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The deterministic write policy everything written to memory passes, whoever proposed it
 * (model or rules) — candidates, turn notes and session summaries alike, and memories are
 * screened again when read ({@link #safeToKeep}). Memory errs towards forgetting: anything
 * touching crisis, death or harm (in any supported language, broader than the crisis gate on
 * purpose), and internal labels ("Modes used: supportive"), is never written where a user could
 * be shown it. Then, for candidates: low-risk facts and explicit instructions are committed
 * now; sensitive facts and implied preferences are held for session end; feelings of the
 * moment and fragments are dropped. A held candidate stated again in the same session is
 * committed (repetition makes it durable).
 */
public final class WritePolicy {
  /** What becomes of a candidate. */
  public enum Decision { COMMIT, HOLD, DROP }

  private static final Set<String> LOW_RISK = Set.of("name", "occupation", "location", "pet", "relationship", "hobby");
  private static final Set<String> SENSITIVE = Set.of("health", "diagnosis", "medication", "trauma", "substance");
  private static final Pattern HARM = Pattern.compile("suicid|selbstmord|suizid|\\bkill|murder|\\bdie\\b|\\bdied\\b|dying|\\bdead\\b"
      + "|death|\\bend (it|my|this|everything)|overdos|\\bpills?\\b|tablets|\\bcut(s|ting)? (my|again|myself|deep)|\\bcut again"
      + "|self[- ]?harm|harm (my|me|him|her|them|some)|hurt (my|me|him|her|them|some)|bridge|\\bjump|\\bhang(ing)? my|noose"
      + "|\\brope\\b|\\bguns?\\b|\\bknife|\\bblades?\\b|razor|\\bgone\\b|disappear|not be (here|around)|no reason to live"
      + "|goodbye (letter|note)|suicide note|give away my|giving away my|better off without|weapon|\\bshoot|\\bstab"
      + "|nicht mehr leben|umbringen|sterben|\\btot\\b|mourir|me tuer|en finir|suicidio|morir|matarme", Pattern.CASE_INSENSITIVE);
  private static final Pattern LABELS = Pattern.compile("\\bmodes? used\\b|\\b(route|mode|severity|layer|category)\\s*[:=]"
      + "|\\bcrisis_\\w+|\\((supportive|reflective|clarifying|psychoeducation|guided_exercise|closing)\\)"
      + "|\\bguided_exercise\\b|\\bpsychoeducation\\b", Pattern.CASE_INSENSITIVE);

  private WritePolicy() {
  }

  /**
   * Whether {@code text} may be written to memory or shown back from it: false for anything
   * touching crisis, death or harm, and for internal labels.
   */
  public static boolean safeToKeep(String text) {
    if (text == null) {
      return true;
    }
    String t = text.toLowerCase(Locale.ROOT).replace('’', '\'');
    if (GERMAN.matcher(t).find()) {
      // in German, "die" before a noun is its article ("Die Abende sind am schlimmsten"): German capitalises nouns
      t = GERMAN_ARTICLE.matcher(text).replaceAll(" ").toLowerCase(Locale.ROOT).replace('’', '\'');
    }
    // a fact kept in German opens with its subject's article ("Die Person hat …", "Die Tochter der Person …")
    t = t.replaceFirst("^die (person|\\p{L}+ der person)\\b", "$1");
    if (GERMAN.matcher(t).results().count() >= 2) {
      // German's article "die" ("die Prüfungen stehen an") is not English "die"; German's own words of death stay
      t = t.replaceAll("\\bdie\\b", " ");
    }
    return !HARM.matcher(t).find() && !LABELS.matcher(t).find();
  }

  /** "die" before a capitalised word, not an English weekday or month ("to die Monday" stays). */
  private static final Pattern GERMAN_ARTICLE = Pattern.compile("\\b[Dd]ie (?=\\p{Lu}\\p{Ll})(?!(Monday|Tuesday|Wednesday|"
      + "Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|"
      + "December|Today|Tonight|Tomorrow|Soon|Now|Alone)\\b)");

  /** German function words: two of them make "die" an article (tried as a user: every German "die" got the check-in). */
  private static final Pattern GERMAN = Pattern.compile("\\b(ich|und|der|das|ist|nicht|mein\\w*|mich|mir|wir|ein|eine|"
      + "auf|mit|zu|sind|habe|hat|bin|seit|für|auch|sehr|wochen|heute)\\b");

  /** The decision for {@code c}; {@code alreadyHeld} when the same text is held for this session. */
  public static Decision decide(Candidate c, boolean alreadyHeld) {
    String text = c.text() == null ? "" : c.text().strip();
    if (text.length() < 8 || !safeToKeep(text)) {
      return Decision.DROP;
    }
    if (c.kind().equals("procedural")) {
      return c.explicit() || alreadyHeld ? Decision.COMMIT : Decision.HOLD;
    }
    String cat = c.category() == null ? "other" : c.category();
    if (LOW_RISK.contains(cat)) {
      return Decision.COMMIT;
    }
    if (SENSITIVE.contains(cat)) {
      return alreadyHeld ? Decision.COMMIT : Decision.HOLD;
    }
    // a worry ("I'm worried about my exams") is kept past the session, not the moment's feeling it comes with
    boolean held = cat.equals("other") || cat.equals("concern");
    return held && alreadyHeld ? Decision.COMMIT : held ? Decision.HOLD : Decision.DROP;
  }
}
