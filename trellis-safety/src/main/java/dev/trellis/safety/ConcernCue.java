package dev.trellis.safety;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Cues of concern for someone else ({@code [third_party_concern]} spans: "my friend is suicidal", "she keeps saying",
 * "how can I help"): which hits are cues, which are only a question of what to do, which the writer's own, and how far
 * a cue reaches over the words after it.
 */
final class ConcernCue {
  /** How many words a cue of concern reaches past its end, up to a clause about oneself. */
  private static final int REACH = 12;
  /** How many words after a cue of concern a comparison with oneself turns it back ("as much as I do"). */
  private static final int SELF_REACH = 4;
  /** How a question cue of concern begins (folded): "how …", "what …", "who …". */
  private static final Pattern QUESTION = Pattern.compile("(how|what|who) ");

  private ConcernCue() {
  }

  /** Whether {@code h} is a cue of concern for someone else ({@code [third_party_concern]}). */
  static boolean is(Lexicon.Hit h) {
    return h.kind() == Lexicon.Kind.MASK && h.cls() == RiskClass.THIRD_PARTY_CONCERN;
  }

  /** A cue of concern that is only a question of what to do ("how can I help", "what should I say", "who do I tell"). */
  static boolean question(Lexicon.Hit h) {
    return is(h) && QUESTION.matcher(h.phrase()).lookingAt();
  }

  /** Whether a comparison with oneself ("as much as I do", "like me") stands inside or just after the cue {@code m}. */
  static boolean selfReferent(Lexicon.Hit m, List<Lexicon.Hit> hits) {
    for (Lexicon.Hit s : hits) {
      if (s.kind() == Lexicon.Kind.SELF && s.start() >= m.start() && s.start() <= m.end() + SELF_REACH) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a death mourned ({@code [loss]}: "the anniversary of", "his funeral", "passed away") stands in the sentence of
   * the cue {@code m}: someone gone is grieved, not worried for ("the anniversary of my brother's overdose"; round eleven).
   */
  static boolean mourned(Lexicon.Hit m, List<Lexicon.Hit> hits, int[] sentences) {
    for (Lexicon.Hit s : hits) {
      if (s.kind() == Lexicon.Kind.LOSS && sentences[s.start()] == sentences[m.start()]) {
        return true;
      }
    }
    return false;
  }

  /** How many words after a cue of concern a recommendation may start and still be what was said ("said it helped"). */
  private static final int RECOMMENDED_REACH = 6;

  /**
   * Whether what the cue {@code m} reports is a treatment or helper found good ({@code [recommended]}: "my friend said it
   * helped her", "meinte, die Therapie hat ihr geholfen", "m'a dit que ça l'a beaucoup aidée"), starting within a few
   * words after the cue, in its sentence, with no crisis phrase there: a recommendation passed on, no concern for the
   * friend (round sixteen: Neura's intake took such messages to the third-party path). Another cue in the sentence keeps
   * its own reach ("my cousin said therapy helped for a while but now he talks about killing himself").
   */
  static boolean recommended(Lexicon.Hit m, List<Lexicon.Hit> hits, int[] sentences, List<String> tokens) {
    boolean recommended = false;
    for (Lexicon.Hit s : hits) {
      if (sentences[s.start()] != sentences[m.start()]) {
        continue;
      }
      if (s.kind() == Lexicon.Kind.OVERRIDE || s.kind() == Lexicon.Kind.PHRASE) {
        return false;
      }
      recommended |= s.kind() == Lexicon.Kind.RECOMMENDED && s.start() >= m.start()
          && s.start() <= m.end() + RECOMMENDED_REACH && !s.negated() && !unhelped(s, tokens);
    }
    return recommended;
  }

  /** Words that turn a recommendation round ("nothing helped", "hasn't worked", "nobody helped", "nichts geholfen"). */
  private static final java.util.Set<String> UNHELPED = java.util.Set.of("nothing", "nobody", "noone", "hasnt", "havent",
      "hadnt", "doesnt", "isnt", "wasnt", "stopped", "nichts", "niemand", "kaum", "rien", "personne", "plus", "nie");

  private static boolean unhelped(Lexicon.Hit h, List<String> tokens) {
    for (int i = Math.max(0, h.start() - 3); i < Math.min(tokens.size(), h.end() + 2); i++) {
      if (UNHELPED.contains(tokens.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the mask {@code m} covers {@code h}: an idiom its own words; a third-party cue the rest of its sentence's
   * worth of words ("how can I help someone who ..."), up to a clause about oneself ("my friend said she's fine but I
   * want to die") that is not their quoted words ("my coworker said 'I won't be here much longer'").
   */
  static boolean covers(Lexicon.Hit m, Lexicon.Hit h, List<String> tokens, List<int[]> quoted) {
    int end = m.cls() == RiskClass.THIRD_PARTY_CONCERN ? reach(m.end(), tokens, quoted) : m.end();
    return m.start() < h.end() && h.start() < end;
  }

  /** Whether {@code h} lies within the reach of a cue of concern for someone else. */
  static boolean within(Lexicon.Hit h, List<Lexicon.Hit> hits, List<String> tokens, List<int[]> quoted) {
    for (Lexicon.Hit m : hits) {
      if (is(m) && covers(m, h, tokens, quoted)) {
        return true;
      }
    }
    return false;
  }

  private static int reach(int from, List<String> tokens, List<int[]> quoted) {
    int end = Math.min(tokens.size(), from + REACH);
    for (int i = from; i < end; i++) {
      if (Whose.FIRST_PERSON.contains(tokens.get(i)) && !Spans.inside(i, quoted)) {
        return i;
      }
    }
    return end;
  }
}
