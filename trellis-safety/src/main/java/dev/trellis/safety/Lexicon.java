package dev.trellis.safety;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The per-language phrase lists of layers 1 and 2, read from {@code lexicon/<lang>.txt}.
 *
 * <p>A file has sections: {@code [<class>]} (a lexicon phrase of that class),
 * {@code [override <class>]} (a phrase that is a crisis whatever surrounds it),
 * {@code [figurative]} and {@code [third_party_concern]} (spans that mask crisis phrases
 * overlapping them), {@code [everyday]} (everyday talk the head misreads, "lying awake going over the day": a mask of
 * class none for the head only, over no crisis phrase), {@code [negator]} (words that negate a phrase when they stand up to three words before it or
 * in its gaps), {@code [past]} (a distant past named: "years ago", "when I was 15"; with a {@code [past_verb]} word
 * next to a crisis phrase in the same sentence, the phrase is told as past), {@code [self_reference]} (a comparison
 * with oneself, "as much as I do", that turns a cue of concern for someone else back on the writer) and {@code [loss]}
 * (a death mourned, "the anniversary of", "funeral": a cue of concern in its sentence is grief, not concern) and
 * {@code [recommended]} (a treatment or helper someone else found good, "EMDR … helped", "swears by": a cue of concern
 * in its sentence, with no crisis phrase there, is a recommendation passed on) and {@code [work]} (a song, a book, a film
 * named: a crisis phrase in quotes beside it is quoted from it) and {@code [own_words]} (the writer claims quoted words
 * as their own, "that's literally me", "my poem", "genau wie ich mich fühle": quoted, they are still the writer's) and
 * {@code [work_asked]} (the work itself asked about, "what song is it", "kennt jemand den Titel", "wie ging nochmal der
 * Refrain": quoted words anywhere beside a work named are quoted from it, and the head reads the message without them)
 * and {@code [confessed]} (the someone-else of a message owned up to, "the friend is me", "le quelqu'un c'est moi": no
 * cue of concern in the message is concern for someone else) and {@code [unmask]} (words taking back what an idiom or
 * an everyday reading said, "I lied", "ich mach das auch": a {@code [figurative]} mask before them masks nothing). A phrase is words separated by spaces, folded like the message
 * ({@link Folded}); {@code a/b} is either word, {@code word*} any word starting so,
 * {@code a_b} the two words {@code a b} (inside alternatives: {@code to_live/be_alive}),
 * {@code ...} up to four skipped words; a phrase starting {@code & } matches its words in any order
 * within eight words (for languages with free word order). A word of six letters or more also matches with one
 * typo (an edit or a swap). Immutable and thread-safe.
 */
final class Lexicon {
  /** A phrase's place in a message: tokens {@code [start, end)}, and those tokens (folded). */
  record Hit(RiskClass cls, Kind kind, int start, int end, String phrase, boolean negated) {
  }

  /**
   * An override, a crisis phrase, a mask; a distant past named; a comparison with oneself; a death mourned; a treatment
   * or helper recommended; a song, book or film named; quoted words claimed as the writer's own; a work asked about (its
   * title, its singer, how it went); the someone-else of a message owned up to as the writer.
   */
  enum Kind { OVERRIDE, PHRASE, MASK, PAST, SELF, LOSS, RECOMMENDED, WORK, OWN, ASKED, CONFESSED, UNMASK }

  /** One alternative: one word, or several joined by {@code _} in the file ({@code be_alive}). */
  private record Alt(String[] words, boolean prefix) {
  }

  private record Slot(Alt[] alts, boolean gapBefore) {
  }

  private record Entry(RiskClass cls, Kind kind, Slot[] slots, String source, String squashed, Set<String> words,
                       boolean unordered) {
  }

  private static final int MAX_GAP = 4;
  private static final int WINDOW = 8;
  private final Map<String, List<Entry>> byLanguage;
  private final Map<String, Set<String>> negators;
  private final Set<String> pastVerbs;

  private Lexicon(Map<String, List<Entry>> byLanguage, Map<String, Set<String>> negators, Set<String> pastVerbs) {
    this.byLanguage = byLanguage;
    this.negators = negators;
    this.pastVerbs = pastVerbs;
  }

  /** The bundled lexicons: {@code en} (US and GB phrases), {@code de}, {@code fr}, and {@code xx} (crisis words of other languages). */
  static Lexicon bundled() {
    Map<String, List<Entry>> by = new LinkedHashMap<>();
    Map<String, Set<String>> neg = new LinkedHashMap<>();
    Set<String> past = new HashSet<>();
    for (String lang : List.of("en", "de", "fr", "xx")) {
      List<Entry> entries = new ArrayList<>();
      Set<String> negs = new HashSet<>();
      read(lang, entries, negs, past);
      by.put(lang, List.copyOf(entries));
      neg.put(lang, Set.copyOf(negs));
    }
    return new Lexicon(Map.copyOf(by), Map.copyOf(neg), Set.copyOf(past));
  }

  /** Whether {@code word} (folded) is a past-tense verb of any lexicon's {@code [past_verb]} list ("tried", "fait"). */
  boolean pastVerb(String word) {
    return pastVerbs.contains(word);
  }

  Set<String> languages() {
    return byLanguage.keySet();
  }

  /** Every phrase of {@code languages} found in {@code text}. */
  List<Hit> find(Folded text, Collection<String> languages) {
    List<Hit> hits = new ArrayList<>();
    List<String> tokens = text.tokens();
    Set<String> negs = new HashSet<>();
    for (String lang : languages) {
      negs.addAll(negators.getOrDefault(lang, Set.of()));
    }
    // the message's own language (listed first) is read with one typo in a long word; another language's phrases
    // exactly ("beste" in a German message is no typo of the English "bestie")
    String own = languages.isEmpty() ? null : languages.iterator().next();
    for (String lang : languages) {
      boolean typos = lang.equals(own) || languages.size() > 2;
      for (Entry e : byLanguage.getOrDefault(lang, List.of())) {
        boolean found = false;
        if (e.unordered) {
          int[] span = matchUnordered(e.slots, text, typos);
          // a cue of concern read in any word order is not one when the writer's own "ich"/"I"/"je" stands in its
          // window ("ihr gesagt, dass sie sie behalten soll. Meine Sachen hab ich verschenkt": the writer gave them away)
          if (span != null && !(e.kind == Kind.MASK && e.cls == RiskClass.THIRD_PARTY_CONCERN
              && firstPerson(tokens, span, e.words, own))) {
            hits.add(new Hit(e.cls, e.kind, span[0], span[1], String.join(" ", tokens.subList(span[0], span[1])),
                negated(tokens, span[0], span[1], negs, e.words)));
          }
          continue;
        }
        boolean cue = e.kind == Kind.MASK && e.cls == RiskClass.THIRD_PARTY_CONCERN;
        for (int i = 0; i < tokens.size() && !found; i++) {
          int end = match(e.slots, 0, text, i, typos);
          // nor is a cue read through a gap with the writer's "I" in it ("called my dad too. I think I've said ...":
          // the writer said it), since round ten
          if (end > 0 && !(cue && firstPerson(tokens, new int[] {i, end}, e.words, own))) {
            hits.add(new Hit(e.cls, e.kind, i, end, String.join(" ", tokens.subList(i, end)), negated(tokens, i, end, negs, e.words)));
            found = true;
          }
        }
        if (!found && lang.equals("en") && e.kind != Kind.MASK && e.slots.length > 1 && subject(e.slots[0])
            && !e.slots[1].gapBefore) {
          // English drops the subject right before its verb at the start of a message ("Cut again last night", "Took
          // the lot an hour ago"); not where the phrase lets words stand between them ("i ... going ... jump")
          int end = match(e.slots, 1, text, 0, typos); // slot 1 takes no gap: it must stand at the start
          if (end > 0) {
            hits.add(new Hit(e.cls, e.kind, 0, end, String.join(" ", tokens.subList(0, end)), negated(tokens, 0, end, negs, e.words)));
            found = true;
          }
        }
        if (!found && e.squashed != null && text.obfuscated() && (e.kind == Kind.OVERRIDE || e.kind == Kind.PHRASE)
            && text.squashed().contains(e.squashed)) {
          hits.add(new Hit(e.cls, e.kind, 0, tokens.size(), e.squashed, false)); // k i l l  m y s e l f
        }
      }
    }
    return hits;
  }

  /**
   * Whether a first-person subject that is not one of the phrase's own words stands in {@code span}; in a German
   * message "im" is "in the", not "I'm" ("sie hat im Aufsatz geschrieben, dass …"; round thirteen).
   */
  private static boolean firstPerson(List<String> tokens, int[] span, Set<String> own, String language) {
    for (int j = span[0]; j < span[1]; j++) {
      String t = tokens.get(j);
      if (Whose.FIRST_PERSON.contains(t) && !own.contains(t) && !(t.equals("im") && "de".equals(language))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A first person with its verb in one word ("I'm", "I've", "I'll", "I'd"): after a negator it opens a clause of its
   * own, which the negator does not reach ("I'm not okay, I'm ending it tonight"; round thirteen).
   */
  private static final Set<String> NEW_CLAUSE = Set.of("im", "ive", "ill", "id", "jsuis", "jvais", "jveux");

  /**
   * A negator up to three words before the phrase or inside its gaps, that is not one of the phrase's own words, and
   * before the phrase not cut off from it by a new clause of the writer's ({@link #NEW_CLAUSE}).
   */
  private static boolean negated(List<String> tokens, int start, int end, Set<String> negs, Set<String> own) {
    for (int j = Math.max(0, start - 3); j < end; j++) {
      if (negs.contains(tokens.get(j)) && !own.contains(tokens.get(j)) && !newClause(tokens, j + 1, start)) {
        return true;
      }
    }
    return false;
  }

  private static boolean newClause(List<String> tokens, int from, int to) {
    for (int k = from; k < to; k++) {
      if (NEW_CLAUSE.contains(tokens.get(k))) {
        return true;
      }
    }
    return false;
  }

  /** The token index after the match of {@code slots[s..]} at {@code i}, or -1. */
  private static int match(Slot[] slots, int s, Folded text, int i, boolean typos) {
    if (s == slots.length) {
      return i;
    }
    List<String> tokens = text.tokens();
    int maxSkip = slots[s].gapBefore && s > 0 ? MAX_GAP : 0;
    for (int skip = 0; skip <= maxSkip && i + skip < tokens.size(); skip++) {
      for (Alt a : slots[s].alts) {
        int after = matches(a, text, i + skip, typos);
        if (after > 0) {
          int end = match(slots, s + 1, text, after, typos);
          if (end > 0) {
            return end;
          }
        }
      }
    }
    return -1;
  }

  /** Whether {@code slot} is the subject "I" (one of its alternatives). */
  private static boolean subject(Slot slot) {
    for (Alt a : slot.alts) {
      if (a.words.length == 1 && a.words[0].equals("i")) {
        return true;
      }
    }
    return false;
  }

  /** The first window of {@link #WINDOW} tokens holding every slot in any order: {@code [start, end)}, or null. */
  private static int[] matchUnordered(Slot[] slots, Folded text, boolean typos) {
    List<String> tokens = text.tokens();
    int[] at = new int[slots.length];
    for (int start = 0; start < tokens.size(); start++) {
      int lo = Integer.MAX_VALUE;
      int hi = -1;
      boolean all = true;
      for (int s = 0; s < slots.length && all; s++) {
        at[s] = -1;
        for (int i = start; i < Math.min(tokens.size(), start + WINDOW) && at[s] < 0; i++) {
          for (Alt a : slots[s].alts) {
            int after = matches(a, text, i, typos);
            if (after > 0) {
              at[s] = i;
              lo = Math.min(lo, i);
              hi = Math.max(hi, after);
              break;
            }
          }
        }
        all = at[s] >= 0;
      }
      if (all) {
        return new int[] {lo, hi};
      }
    }
    return null;
  }

  /** The token index after {@code a} matched at {@code i}, or -1. */
  private static int matches(Alt a, Folded text, int i, boolean typos) {
    List<String> tokens = text.tokens();
    String[] w = a.words;
    if (i + w.length > tokens.size()) {
      return -1;
    }
    for (int k = 0; k < w.length; k++) {
      boolean prefix = a.prefix && k == w.length - 1;
      // an elided article or pronoun does not hide its word ("l'envie de …" holds "envie"; round fourteen), read exactly
      String stem = text.elidedAt(i + k);
      if (!word(w[k], prefix, tokens.get(i + k), typos) && (stem.isEmpty() || !word(w[k], prefix, stem, false))) {
        return -1;
      }
    }
    return i + w.length;
  }

  private static boolean word(String w, boolean prefix, String token, boolean typos) {
    if (prefix ? token.startsWith(w) : token.equals(w)) {
      return true;
    }
    // one typo in a long word, but a function word is itself ("meine" is no typo of "meinte"), and a first letter is
    // never replaced by another (round eleven: French "t'inquiète", folded "tinquiete", was read as "m'inquiète",
    // "minquiete", and "rather" as "father"); a letter added before it stays a typo (an elided "j'", "m'"), and so does a
    // digit or symbol in its place ("3xisting")
    if (!typos || w.length() < 6
        || (token.length() == w.length() && token.charAt(0) != w.charAt(0) && Character.isLetter(token.charAt(0)))) {
      return false;
    }
    boolean near = prefix ? token.length() >= w.length() && Typos.withinOne(w, token.substring(0, w.length()))
        : Typos.withinOne(w, token);
    return near && !Languages.READABLE_FUNCTION_WORDS.contains(token) && !WORDS_OF_THEIR_OWN.contains(token);
  }

  /**
   * Everyday words one typo from a lexicon word, read as themselves: "taking" is no typo of "talking" ("when will she be
   * taking people again?", a therapist accepting patients, went to the third-party path through "she … talking"; round
   * seventeen), nor "staying" of "saying", "tested" of "texted", "changing" of "hanging". Found by listing the corpus's
   * words one typo from a lexicon word (not an inflection of it: "overdosed" is still "overdose"), folded.
   */
  static final Set<String> WORDS_OF_THEIR_OWN = Folded.words(List.of(
      "taking", "talking", "staying", "saying", "saving", "tested", "testing", "texting", "waiting", "writing", "bother",
      "brother", "other", "mother", "smother", "sending", "ending", "hunting", "hurting", "dreading", "reading", "locked",
      "looked", "polite", "police", "contract", "contact", "setting", "sitting", "treat", "throat", "threat", "thinks",
      "things", "changing", "handing", "hanging", "batter", "better",
      "machen", "madchen", "wurden", "wunden", "wenden", "schreit", "schreibt",
      "college", "collegue", "parait", "parlait"));

  private static void read(String lang, List<Entry> entries, Set<String> negs, Set<String> pastVerbs) {
    String path = "lexicon/" + lang + ".txt";
    InputStream in = Lexicon.class.getResourceAsStream(path);
    if (in == null) {
      throw new IllegalStateException("missing lexicon resource dev/trellis/safety/" + path);
    }
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String section = null;
      String line;
      int n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        line = line.strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        if (line.startsWith("[")) {
          section = line.substring(1, line.length() - 1).strip();
          continue;
        }
        if (section == null) {
          throw new IllegalStateException(path + ":" + n + ": a phrase before any [section]");
        }
        if (section.equals("negator") || section.equals("past_verb")) {
          for (String w : line.split("\\s+")) {
            (section.equals("negator") ? negs : pastVerbs).add(Folded.word(w));
          }
          continue;
        }
        entries.add(entry(section, line, path + ":" + n));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether {@code slot} is the one word {@code word} ({@code word} as written in the file, not yet folded). */
  private static boolean repeats(Slot slot, String word) {
    return slot.alts.length == 1 && slot.alts[0].words.length == 1 && !slot.alts[0].prefix
        && slot.alts[0].words[0].equals(Folded.word(word));
  }

  private static Entry entry(String section, String phrase, String where) {
    Kind kind;
    RiskClass cls;
    if (section.startsWith("override ")) {
      kind = Kind.OVERRIDE;
      cls = RiskClass.fromWire(section.substring(9).strip());
    } else if (section.equals("figurative") || section.equals("third_party_concern")) {
      kind = Kind.MASK;
      cls = RiskClass.fromWire(section);
    } else if (section.equals("everyday")) {
      kind = Kind.MASK; // for the head only: it masks no lexicon phrase (Reading)
      cls = RiskClass.NONE;
    } else if (section.equals("past") || section.equals("self_reference") || section.equals("loss")
        || section.equals("recommended") || section.equals("work") || section.equals("own_words")
        || section.equals("work_asked") || section.equals("confessed") || section.equals("unmask")) {
      kind = switch (section) {
        case "past" -> Kind.PAST;
        case "loss" -> Kind.LOSS;
        case "recommended" -> Kind.RECOMMENDED;
        case "work" -> Kind.WORK;
        case "own_words" -> Kind.OWN;
        case "work_asked" -> Kind.ASKED;
        case "confessed" -> Kind.CONFESSED;
        case "unmask" -> Kind.UNMASK;
        default -> Kind.SELF;
      };
      cls = RiskClass.NONE;
    } else {
      kind = Kind.PHRASE;
      cls = RiskClass.fromWire(section);
    }
    boolean unordered = phrase.startsWith("& ");
    if (unordered) {
      phrase = phrase.substring(2).strip();
    }
    List<Slot> slots = new ArrayList<>();
    Set<String> words = new HashSet<>();
    boolean gap = false;
    boolean plain = true;
    StringBuilder squashed = new StringBuilder();
    for (String w : phrase.split("\\s+")) {
      if (w.equals("...")) {
        gap = true;
        plain = false;
        continue;
      }
      String[] options = w.split("/");
      Alt[] alts = new Alt[options.length];
      for (int i = 0; i < options.length; i++) {
        String o = options[i];
        boolean prefix = o.endsWith("*");
        String[] parts = (prefix ? o.substring(0, o.length() - 1) : o).split("_");
        // "le pont/le_toit", "to end/to_stop", "me couper/me_faire_mal": an alternative of several words that repeats the
        // word just before it (no gap between) is the whole phrase's alternative, not that word twice (round fourteen:
        // "le le toit", "to to stop" and "me me faire mal" never matched)
        if (parts.length > 1 && !gap && !slots.isEmpty() && repeats(slots.getLast(), parts[0])) {
          parts = java.util.Arrays.copyOfRange(parts, 1, parts.length);
        }
        String[] folded = new String[parts.length];
        for (int k = 0; k < parts.length; k++) {
          folded[k] = Folded.word(parts[k]);
          if (folded[k].isEmpty()) {
            throw new IllegalStateException(where + ": empty word in \"" + phrase + "\"");
          }
          words.add(folded[k]);
        }
        alts[i] = new Alt(folded, prefix);
      }
      if (options.length > 1 || alts[0].prefix) {
        plain = false;
      }
      squashed.append(String.join("", alts[0].words));
      slots.add(new Slot(alts, gap));
      gap = false;
    }
    return new Entry(cls, kind, slots.toArray(Slot[]::new), phrase,
        plain && !unordered && squashed.length() >= 8 ? squashed.toString() : null, Set.copyOf(words), unordered);
  }
}
