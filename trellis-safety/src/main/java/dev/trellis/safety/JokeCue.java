package dev.trellis.safety;

import java.util.List;
import java.util.Set;

/**
 * A laughter or joke marker ("lol", "mdr", a laughing emoji, "just kidding") that no word of meaning it ("not even
 * joking", "no joke", "I'm serious") contradicts: with the head's reading as an idiom, a crisis phrase said as a joke.
 */
final class JokeCue {
  /** Laughter and joke markers, folded (an emoji of laughter folds to "lol"). */
  private static final Set<String> JOKE_CUES = Set.of("lol", "lool", "lmao", "lmfao", "rofl", "haha", "hahaha", "hehe",
      "xd", "jk", "jking", "mdr", "ptdr", "mdrr", "jaja", "jajaja", "kkk", "kkkk", "kek", "lel",
      // round eighteen: French "(nan) j'rigole", "j'déconne" said after a threat over a trifle
      "jrigole", "jrigol", "jdecone", "jdeconne");
  /** Words saying a message is meant ("not even joking", "no joke", "for real", "im serious"). */
  private static final Set<String> SERIOUS_CUES = Folded.words(List.of("joking", "kidding", "joke", "serious", "seriously", "real",
      "ernst", "ernsthaft", "serieux", "blague"));
  /** The words of meaning it that, unnegated, say the opposite: "(obviously) joking", "just kidding". */
  private static final Set<String> JOKING = Folded.words(List.of("joking", "kidding"));
  private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "nicht", "kein", "pas", "aint");

  private JokeCue() {
  }

  /** Whether the folded {@code tokens} hold a joke's cue that nothing in them contradicts. */
  static boolean in(List<String> tokens) {
    boolean joke = false;
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      if (SERIOUS_CUES.contains(t)) {
        // "joking", "kidding" said of oneself mark a joke ("obviously joking", "just kidding"); negated, the opposite
        if (!JOKING.contains(t) || negatedBefore(tokens, i)) {
          return false;
        }
        // "are you kidding me" is said of someone else: no joke of the writer's
        joke |= i == 0 || !(tokens.get(i - 1).equals("you") || tokens.get(i - 1).equals("u"));
        continue;
      }
      joke |= JOKE_CUES.contains(t) || t.startsWith("hahaha") || t.startsWith("lmao");
    }
    return joke;
  }

  /** Whether a negation ("not", "no", "nicht", "pas", "never") stands one or two words before token {@code i}. */
  private static boolean negatedBefore(List<String> tokens, int i) {
    for (int j = Math.max(0, i - 2); j < i; j++) {
      if (NEGATIONS.contains(tokens.get(j))) {
        return true;
      }
    }
    return false;
  }
}
