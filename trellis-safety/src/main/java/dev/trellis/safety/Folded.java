package dev.trellis.safety;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A message folded for matching, the same folding lexicon phrases get: lower case, accents
 * and apostrophes dropped ({@code ß} → {@code ss}, {@code œ} → {@code oe}, {@code don't} → {@code dont}), leetspeak
 * digits and symbols inside words read as letters ({@code k1ll} → {@code kill}, {@code $} → {@code s}),
 * symbols inside words dropped ({@code s*uicide}), runs of single letters joined
 * ({@code k i l l} → {@code kill}), and every run of a repeated letter cut to one
 * ({@code diiie} → {@code die}, {@code kill} → {@code kil}). Tokens are the result split on
 * anything that is not a letter or digit; {@link #squashed()} is the tokens joined without
 * spaces, for phrases whose words were spaced out. Immutable.
 */
record Folded(List<String> tokens, String squashed, boolean obfuscated, List<String> elided) {
  /**
   * The French (and Italian) elided words an apostrophe joins to the next word ("l'envie", "d'exister", "qu'il"): the
   * token is read as itself ("lenvie") and, since round fourteen, as the word after the apostrophe too ("envie").
   */
  private static final java.util.Set<String> ELISIONS = java.util.Set.of("l", "d", "j", "m", "s", "n", "c", "qu",
      "jusqu", "lorsqu", "puisqu", "quoiqu");

  private static final java.util.regex.Pattern RUN = java.util.regex.Pattern.compile("[\\p{L}\\p{N}]+");

  static Folded of(String text) {
    String t = Normalizer.normalize(laughter(text), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT)
        .replace("ß", "ss").replace("œ", "oe").replace("æ", "ae").replace('’', '\'').replace('‘', '\'').replace('`', '\'');
    t = Normalizer.normalize(t, Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
    boolean obfuscated = false;
    StringBuilder b = new StringBuilder(t.length());
    List<Integer> elisions = new ArrayList<>();
    int n = t.length();
    for (int i = 0; i < n; i++) {
      char c = t.charAt(i);
      boolean prevLetter = i > 0 && Character.isLetter(t.charAt(i - 1));
      boolean nextLetter = i + 1 < n && Character.isLetter(t.charAt(i + 1));
      if (c == '\'') {
        int start = b.length();
        while (start > 0 && Character.isLetter(b.charAt(start - 1))) {
          start--;
        }
        if (nextLetter && ELISIONS.contains(b.substring(start))) {
          elisions.add(b.length()); // l'envie: the word after the apostrophe starts here
        }
        continue; // dont, im, cant
      }
      char leet = leet(c);
      // an exclamation mark after a word closes it ("today!!" is no "todayi"; round fourteen): it is a letter only inside
      // one or before one ("k!ll", "!diot")
      boolean closing = (c == '!' || c == '|') && !nextLetter;
      if (leet != 0 && (prevLetter || nextLetter) && !Character.isLetter(c) && !closing) {
        // a digit or symbol touching a letter is read as the letter it imitates
        if (Character.isDigit(c) && !(prevLetter && nextLetter) && digitRun(t, i)) {
          b.append(c);
        } else {
          b.append(leet);
          obfuscated = true;
        }
        continue;
      }
      if ((c == '*' || c == '.' || c == '_' || c == '-') && prevLetter && nextLetter
          && (c != '.' || isolated(t, i - 1)) && (c != '-' || isolated(t, i - 1))) {
        obfuscated = true;
        continue; // s*uicide, k.i.l.l, s-u-i-c-i-d-e
      }
      b.append(c);
    }
    java.util.regex.Matcher raw = RUN.matcher(b);
    List<String> tokens = new ArrayList<>();
    List<String> elided = new ArrayList<>();
    StringBuilder spaced = new StringBuilder();
    while (raw.find()) {
      String r = raw.group();
      if (r.length() == 1 && Character.isLetter(r.charAt(0))) {
        spaced.append(r);
        continue;
      }
      flushSpaced(spaced, tokens, elided);
      tokens.add(dedupe(r));
      String rest = "";
      for (int at : elisions) {
        if (at > raw.start() && at < raw.end() - 1) {
          rest = dedupe(b.substring(at, raw.end()));
        }
      }
      elided.add(rest);
    }
    if (spaced.length() >= 3) {
      obfuscated = true;
    }
    flushSpaced(spaced, tokens, elided);
    return new Folded(List.copyOf(tokens), String.join("", tokens), obfuscated, List.copyOf(elided));
  }

  /** Laughing, skull and loudly crying emoji read as the word {@code lol}: they mark a joke ("i'm going to kill him 😂"). */
  private static String laughter(String text) {
    StringBuilder b = null;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      int n = Character.charCount(cp);
      boolean laugh = cp == 0x1F602 || cp == 0x1F923 || cp == 0x1F480 || cp == 0x1F605 || cp == 0x1F606 || cp == 0x1F61C
          || cp == 0x1F643 || cp == 0x1F604
          || cp == 0x1F62D; // round fourteen: the loudly crying face, the laugh of "kms 😭 wrong chat" (34 of 35 corpus uses)
      if (laugh && b == null) {
        b = new StringBuilder(text.length() + 8).append(text, 0, i);
      }
      if (b != null) {
        if (laugh) {
          b.append(" lol ");
        } else {
          b.appendCodePoint(cp);
        }
      }
      i += n;
    }
    return b == null ? text : b.toString();
  }

  /** A lexicon word folded the same way. */
  static String word(String w) {
    List<String> t = of(w).tokens();
    return t.isEmpty() ? "" : String.join("", t);
  }

  /** {@code words} folded as a message's tokens are ("kidding" → "kiding"), those that fold to nothing left out. */
  static java.util.Set<String> words(java.util.Collection<String> words) {
    return words.stream().map(Folded::word).filter(w -> !w.isEmpty())
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  private static void flushSpaced(StringBuilder spaced, List<String> tokens, List<String> elided) {
    if (spaced.length() == 0) {
      return;
    }
    if (spaced.length() >= 3) {
      tokens.add(dedupe(spaced.toString())); // k i l l → kil
      elided.add("");
    } else {
      for (int i = 0; i < spaced.length(); i++) {
        tokens.add(String.valueOf(spaced.charAt(i)));
        elided.add("");
      }
    }
    spaced.setLength(0);
  }

  /** The word after an elided article or pronoun in token {@code i} ("envie" in "lenvie"), or "" when there is none. */
  String elidedAt(int i) {
    return elided.get(i);
  }

  /** True when the letter at {@code i} stands alone between separators (k.i.l.l), not inside a word (e.g. end-of-life). */
  private static boolean isolated(String t, int i) {
    boolean before = i == 0 || !Character.isLetter(t.charAt(i - 1));
    boolean after2 = i + 2 >= t.length() || i + 3 >= t.length() || !Character.isLetter(t.charAt(i + 3));
    return before || after2;
  }

  /** True when the digit at {@code i} belongs to a number (3am, 24/7), not to a word. */
  private static boolean digitRun(String t, int i) {
    return (i > 0 && Character.isDigit(t.charAt(i - 1))) || (i + 1 < t.length() && Character.isDigit(t.charAt(i + 1)))
        || (i + 2 < t.length() && t.startsWith("am", i + 1)) || (i + 2 < t.length() && t.startsWith("pm", i + 1))
        || (i + 1 < t.length() && (t.charAt(i + 1) == 'h' || t.charAt(i + 1) == 'x'));
  }

  private static char leet(char c) {
    return switch (c) {
      case '0' -> 'o';
      case '1', '!', '|' -> 'i';
      case '3' -> 'e';
      case '4', '@' -> 'a';
      case '5', '$' -> 's';
      case '7', '+' -> 't';
      case '8' -> 'b';
      default -> 0;
    };
  }

  private static String dedupe(String s) {
    StringBuilder b = new StringBuilder(s.length());
    char prev = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != prev || !Character.isLetter(c)) {
        b.append(c);
      }
      prev = c;
    }
    return b.toString();
  }
}
