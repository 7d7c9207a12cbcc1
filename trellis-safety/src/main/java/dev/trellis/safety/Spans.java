package dev.trellis.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Where a message's sentences and quoted words lie, as positions among its folded tokens. */
final class Spans {
  /** Sentence ends: after {@code . ! ? ; …} and a space, or at a line break (the head's windows split the same way). */
  static final Pattern SENTENCES = Pattern.compile("(?<=[.!?;…])\\s+|\\n+");
  /**
   * Quoted words: between double quotes or guillemets, or between single quotes that open after a space, a colon or
   * a bracket (an apostrophe between letters, "won't", stays inside).
   */
  private static final Pattern QUOTED = Pattern.compile("[\"“„«]([^\"“”„«»]+)[\"”“»]"
      + "|(?<=^|[\\s:(])['‘]((?:[^'‘’]|(?<=\\p{L})['’](?=\\p{L}))+?)['’](?=$|[\\s.,!?;:)…])");

  private Spans() {
  }

  /** The sentence (0, 1, ...) of each of the message's {@code n} folded tokens, sentences split as the head splits them. */
  static int[] sentenceOf(String message, int n) {
    int[] out = new int[n];
    int at = 0;
    int id = 0;
    for (String s : SENTENCES.split(message.strip())) {
      int k = Folded.of(s).tokens().size();
      for (int i = 0; i < k && at < n; i++) {
        out[at++] = id;
      }
      id++;
    }
    while (at < n) {
      out[at++] = Math.max(0, id - 1);
    }
    return out;
  }

  /** The quoted spans of {@code message}, as folded-token ranges {@code [start, end)}. */
  static List<int[]> quoted(String message) {
    List<int[]> out = new ArrayList<>();
    var m = QUOTED.matcher(message);
    while (m.find()) {
      String inner = m.group(1) != null ? m.group(1) : m.group(2);
      int start = Folded.of(message.substring(0, m.start())).tokens().size();
      out.add(new int[] {start, start + Folded.of(inner).tokens().size()});
    }
    return out;
  }

  /** {@code message} with its quoted words left out (the quotes' places kept as a comma). */
  static String unquoted(String message) {
    return QUOTED.matcher(message).replaceAll(",");
  }

  /** How many words from its quotes a song, a book or a film named may stand and still be what they quote. */
  private static final int WORK_REACH = 6;

  /**
   * Whether the phrase {@code h} lies inside one quoted span of {@code quoted} with one of {@code works} (a song, a book, a
   * film named) outside it, at most {@link #WORK_REACH} words before or after it: "listening to a song: '…'", "'…' is
   * the chorus". A work named further away ("put a song on earlier and now all I keep thinking is '…'") or only inside
   * the quotes ("'I want to die and nobody will ever read my book'") quotes nothing.
   */
  static boolean quotedBeside(Lexicon.Hit h, List<int[]> quoted, List<Lexicon.Hit> works) {
    return quotedBeside(h, quoted, works, WORK_REACH);
  }

  /**
   * {@link #quotedBeside(Lexicon.Hit, List, List)} with the work named anywhere outside the quotes, for a message that
   * asks about the work itself ("song stuck in my head all day, it goes '…' — what is it?"; round eighteen).
   */
  static boolean quotedInAskedWork(Lexicon.Hit h, List<int[]> quoted, List<Lexicon.Hit> works) {
    return quotedBeside(h, quoted, works, Integer.MAX_VALUE / 2);
  }

  private static boolean quotedBeside(Lexicon.Hit h, List<int[]> quoted, List<Lexicon.Hit> works, int reach) {
    for (int[] r : quoted) {
      if (h.start() >= r[0] && h.end() <= r[1]) {
        for (Lexicon.Hit w : works) {
          boolean outside = w.end() <= r[0] || w.start() >= r[1];
          if (outside && w.end() > r[0] - reach && w.start() < r[1] + reach) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether token {@code i} lies in one of {@code ranges}. */
  static boolean inside(int i, List<int[]> ranges) {
    for (int[] r : ranges) {
      if (i >= r[0] && i < r[1]) {
        return true;
      }
    }
    return false;
  }
}
