package dev.trellis.safety;

import java.util.List;
import java.util.Set;

/** Whose a crisis phrase is: the writer's, or someone else's told by the writer (folded words of person). */
final class Whose {
  /** First-person subjects: a clause about oneself, where the reach of a cue of concern for someone else stops. */
  static final Set<String> FIRST_PERSON = Set.of("i", "im", "ive", "id", "ich", "je", "jai", "jsuis", "jme",
      "jvais", "jveux");
  /** Someone else's ("his gun", "seine Tabletten", "ses médicaments"): a crisis phrase holding one is another's means. */
  private static final Set<String> OTHERS_POSSESSIVE = Set.of("his", "her", "their", "hers", "seine", "seinen", "seinem",
      "seiner", "seines", "ihre", "ihren", "ihrem", "ihrer", "ihres", "son", "sa", "ses", "leur", "leurs");
  /** A third person as the subject ("he's going to kill her"): a threat in a sentence without the writer is another's. */
  private static final Set<String> THIRD_SUBJECT = Set.of("he", "she", "hes", "shes", "theyre", "er", "il", "elle", "ils",
      "elles");
  /** The writer as the object ("gave me his pills"): with {@link #FIRST_PERSON}, a sentence about the writer. */
  private static final Set<String> WRITER_OBJECT = Set.of("me", "myself", "mich", "mir", "moi");

  private Whose() {
  }

  /**
   * Whether the phrase {@code h} holds the writer as its object outside quotes ("if anything ever happened to me",
   * "cutting myself"): reported speech turns another's first person into the third ("she said she'd kill herself"), so
   * a "me" or "myself" in the phrase, in the sentence it begins in, is the writer's whoever is reported (round eleven).
   */
  static boolean writersOwn(Lexicon.Hit h, List<String> tokens, List<int[]> quoted, int[] sentences) {
    for (int i = h.start(); i < h.end(); i++) {
      if (WRITER_OBJECT.contains(tokens.get(i)) && !Spans.inside(i, quoted) && sentences[i] == sentences[h.start()]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the means phrase {@code h} holds someone else's possessive ("hoarding his pain meds") or the harm phrase
   * {@code h} a third person as its subject ("told her he's going to kill her"), and its sentence has no word for the
   * writer ("I", "me", "ich", "mir", "je", "moi"): another's means or threat, not the writer's (round ten). "I know
   * where my dad keeps his gun" and "going to find him and break his face" stay the writer's.
   */
  static boolean someoneElses(Lexicon.Hit h, List<String> tokens, int[] sentences) {
    boolean harm = h.cls() == RiskClass.HARM_TO_OTHERS;
    Set<String> others = harm ? THIRD_SUBJECT : OTHERS_POSSESSIVE;
    boolean someone = false;
    // a threat's subject may stand just before the phrase ("he's | going to hurt her")
    for (int i = harm ? Math.max(0, h.start() - 1) : h.start(); i < h.end(); i++) {
      someone |= others.contains(tokens.get(i));
    }
    if (!someone) {
      return false;
    }
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      if (sentences[i] == sentences[h.start()] && (FIRST_PERSON.contains(t) || WRITER_OBJECT.contains(t))) {
        return false;
      }
    }
    return true;
  }
}
