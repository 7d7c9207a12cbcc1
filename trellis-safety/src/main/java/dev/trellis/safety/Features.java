package dev.trellis.safety;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What the head reads of one text: its sentence embedding (L2-normalised) and its hashed
 * n-grams — the character 2- to 5-grams and the word 1- and 2-grams of the folded text
 * ({@link Folded}: case, accents, leetspeak, spacing and repeated letters undone), each present
 * n-gram counting once, hashed into {@link #BUCKETS} buckets, the vector L2-normalised (a text of
 * fewer than {@link #MIN_GRAMS} n-grams keeps a smaller norm). The
 * n-grams read every language and survive typos, where the English sentence encoder does not.
 * Immutable by convention (the arrays are not copied); deterministic.
 *
 * @param embedding the normalised sentence embedding
 * @param grams the buckets present, ascending
 * @param weight the value of every present bucket (1/sqrt(max(count, {@link #MIN_GRAMS})): the n-gram vector
 *     has norm 1, or less for a short text)
 */
public record Features(float[] embedding, int[] grams, float weight) {
  /** Hash buckets of the n-gram vector; changing it changes the shipped head. */
  public static final int BUCKETS = 1 << 15;
  /**
   * The fewest n-grams the block's norm is spread over: a short text ("alright?") has few n-grams, and
   * with the block at unit norm each would weigh as much as a sentence's worth of evidence; at 64 (of
   * 0, 64 the better in cross-validation, and it halved the head's crisis score on a bare greeting) a
   * short text's n-grams weigh what they would in a sentence and the embedding speaks for the rest.
   */
  public static final int MIN_GRAMS = 64;
  /** A reply of at most this many (folded) words is also read after what it answers ({@link ReplyContext}). */
  public static final int SHORT_REPLY = 10;
  /** A reply of at most this many words leans on what it answers whatever its words ("Sunday then", "got them today"). */
  private static final int BARE_REPLY = 3;
  /** First words of a reply that answers or continues ("yes I have", "and tonight", "because nobody cares"), folded. */
  private static final Set<String> LEADS = Folded.words(List.of(
      "yes", "yeah", "yep", "yup", "ya", "yah", "ok", "okay", "sure", "no", "nope", "nah", "not", "and", "but",
      "because", "cause", "cos", "coz", "bc", "so", "or", "then", "maybe", "probably", "perhaps", "sometimes", "same",
      "also", "tonight", "tomorrow", "today", "now", "already", "still", "done", "with", "by", "after", "before",
      "since", "when", "ja", "jein", "nein", "nee", "und", "aber", "weil", "denn", "dann", "vielleicht", "heute",
      "morgen", "schon", "gerade", "oui", "ouais", "non", "et", "mais", "parce", "car", "donc", "alors", "peutetre",
      "demain", "deja", "voila", "si"));
  /**
   * Replies that only acknowledge what was said ("ok", "that makes sense", "thanks"), folded: they claim nothing, so
   * they are read on their own, never with the message before them (which was read on its own turn). Read with it, an
   * ordinary message could score higher than it did alone ("it's the parenting again" + "that makes sense").
   */
  private static final Set<String> ACKNOWLEDGEMENTS = phrases(List.of(
      "ok", "okay", "k", "kk", "ok thanks", "okay thanks", "ok thank you", "thanks", "thank you", "thanks a lot",
      "thank you so much", "thx", "ty", "that makes sense", "makes sense", "ok that makes sense", "that makes sense thanks",
      "i see", "ok i see", "got it", "ok got it", "cool", "ok cool", "alright", "sounds good", "ok sounds good", "noted",
      "nice", "great", "perfect", "understood", "danke", "danke schon", "ok danke", "alles klar", "verstehe", "ich verstehe",
      "merci", "merci beaucoup", "ok merci", "d'accord", "je vois", "compris"));
  /**
   * The goodbyes of going to sleep ("goodnight", "gute Nacht", "bonne nuit"), folded: an everyday closing even as a
   * conversation's first message, where a bare "goodbye" is still read by the head (a farewell can be a warning sign).
   */
  private static final List<String> GOODNIGHT_WORDS = List.of(
      "good night", "goodnight", "night", "nite", "gn", "night all", "night night", "nighty night", "gute nacht",
      "bonne nuit");
  private static final Set<String> GOODNIGHTS = phrases(GOODNIGHT_WORDS);
  /**
   * Goodbyes that say nothing else ("bye", "tschüss", "bonne nuit"), folded, the goodnights among them. Only the
   * classifier reads these, not the trainer: a goodbye after a crisis is still read by the head (a farewell can be a
   * warning sign).
   */
  private static final Set<String> GOODBYES = phrases(java.util.stream.Stream.concat(GOODNIGHT_WORDS.stream(),
      java.util.stream.Stream.of(
      "bye", "bye bye", "byee", "goodbye", "good bye", "ok bye", "okay bye", "thanks bye", "thank you bye", "bye for now",
      "bye thanks", "see you", "see ya", "cya", "see you later", "see you tomorrow", "see you next time", "later",
      "talk later", "talk to you later", "ttyl", "ciao",
      "tschuss", "tschuess", "tschus", "ok tschuss", "danke tschuss", "bis dann", "bis spater", "bis morgen", "bis bald",
      "schonen abend", "au revoir", "merci au revoir", "ok au revoir", "salut", "a plus", "a plus tard",
      "a bientot", "a demain", "bonne soiree", "bonne journee", "merci bonne soiree")).toList());

  /** Words that point back at what was said before ("they're right here", "I did it", "that's the plan"), folded. */
  private static final Set<String> ANAPHORA = Folded.words(List.of(
      "it", "its", "it'll", "thats", "that", "this", "these", "those", "them", "they", "they're", "they'll", "they've",
      "there", "then", "now", "enough", "tonight", "tomorrow", "rn", "es", "das", "dann", "dort", "jetzt", "ca", "cela",
      "y", "maintenant", "demain"));

  /**
   * What a short reply means after the user's previous message ({@link ReplyContext}: after the assistant's question,
   * it is read after that instead): {@code previous} and {@code message} read as one text
   * ("tonight." after "I have decided"), or null when {@code message} is longer than
   * {@link #SHORT_REPLY} words, is not {@link #elliptical}, only acknowledges ("ok", "that makes sense") or there is
   * no previous message, or that message only acknowledges or is the same message again. The classifier scores this text beside
   * the message; the trainer reads a corpus message with a history as this text, so that a bare
   * "yes" labelled a crisis for what it answers does not teach the head that "yes" is a crisis.
   */
  public static String inContext(String message, String previous) {
    List<String> tokens = Folded.of(message).tokens();
    if (previous == null || tokens.size() > SHORT_REPLY || !elliptical(tokens) || acknowledges(message)) {
      return null;
    }
    // a previous message that only acknowledges ("that makes sense") or says the same again gives nothing to lean on:
    // read after it, "it's the parenting again" scored in the band (round thirteen, Neura's intake)
    if (acknowledges(previous) || Folded.of(previous).tokens().equals(tokens)) {
      return null;
    }
    return previous.strip() + " " + message.strip();
  }

  /** Whether {@code message} only acknowledges ({@link #ACKNOWLEDGEMENTS}), its closing punctuation aside ("Ok, thanks!"). */
  static boolean acknowledges(String message) {
    return ACKNOWLEDGEMENTS.contains(bare(message));
  }

  /** Whether {@code message} only says goodbye ({@link #GOODBYES}), its closing punctuation aside ("bye!", "Tschüss."). */
  static boolean saysGoodbye(String message) {
    return GOODBYES.contains(bare(message));
  }

  /** Whether {@code message} only says goodnight ({@link #GOODNIGHTS}), its closing punctuation aside ("Goodnight!"). */
  static boolean saysGoodnight(String message) {
    return GOODNIGHTS.contains(bare(message));
  }

  /**
   * A bare question about when, where or how long an arrangement is ("when is it?", "what time does the session
   * start?", "wann ist der Termin nochmal?", "c'est à quelle heure ?"), folded: it asks about a booking, claims
   * nothing, and the head read it as a crisis plan's when ("when is it?" p 0.47 to 0.51; round seventeen). Its subject
   * is the arrangement or a person, its verb one of being, starting or lasting — never "when will I die".
   */
  private static final String ARRANGED = " (?:the|my|our|her|his|your|next|the next|my next)"
      + " (?:appointment|appointments|session|sessions|meeting|call|class|group|intake|consultation|assessment|booking|visit|slot)";
  private static final String ARRANGED_DE = " (?:der termin|die sitzung|mein termin|meine sitzung|der nachste termin|die stunde)";
  private static final String ARRANGED_FR = " (?:le rendez vous|la seance|le rdv|mon rendez vous|ma seance)";
  // "how long" asks about a named arrangement only: "how long will this last?" may be about the pain, not the session
  private static final java.util.regex.Pattern ARRANGEMENT = foldedPattern(
      "(?:so |and |ok |okay |sorry |um |oh )?(?:"
          + "(?:(?:when|where|what time|what day|which day|how much)(?: is| does| will| do| are)?"
          + "|whens|wheres|whats the time)"
          + "(?: it| that| this| she| he| they| we| you|" + ARRANGED + ")?"
          + "|how long(?: is| does| will| do| are)?" + ARRANGED + ")"
          + "(?: start| starts| begin| begins| open| be| be back| take place| cost| last| on)?"
          + "(?: again| at| then| exactly| tomorrow| today| on| please| though)?"
          + "|(?:und |ok |also )?(?:(?:wann|wo|um wie viel uhr|wie viel)"
          + "(?: ist| war| beginnt| fangt| findet| geht| dauert| kostet)"
          + "(?: es| das| er| sie|" + ARRANGED_DE + ")?"
          + "|wie lange(?: ist| war| geht| dauert)" + ARRANGED_DE + ")"
          + "(?: an| statt| los| nochmal| noch mal| denn| genau| morgen)*"
          + "|(?:et |ok |donc )?(?:(?:cest|c est) (?:quand|ou|a quelle heure|combien)"
          + "|(?:quand|ou|a quelle heure) (?:est|commence|a lieu|dure|coute|cest)"
          + "(?:" + ARRANGED_FR + "| ca| elle| il)?"
          + "|combien de temps (?:est|dure|cest)" + ARRANGED_FR + ")"
          + "(?: deja| exactement| alors| demain)?");

  private static final String WHEN_WORDS = "(?: (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues"
      + "|wed|thu|thur|thurs|fri|sat|sun|today|tomorrow|tmrw|next|this|week|morning|afternoon|evening|the|at|on|in|or"
      + "|instead|please|pls|am|pm|oclock|noon|later|earlier|same|time|day|[0-9]{1,2}(?::?[0-9]{2})?(?:am|pm|st|nd|rd|th)?))";
  /**
   * A bare request to move a booking to another day or time ("can we move it to friday at 6?", "kann ich den Termin auf
   * Montag verschieben?", "on peut le décaler à vendredi ?"): read on its own the head scored "can we move it to friday
   * at 6?" as a plan's when (the check-in; round seventeen, Neura). Only day and time words may follow.
   */
  /** What a move asks for after its verb: the booking ("it", "the appointment"), then "to" and day or time words. */
  private static final String MOVED_TO = " (?:it|that|this|" + ARRANGED.substring(1) + ")(?: forward| back)? (?:to|for)"
      + WHEN_WORDS + "{1,6}";
  private static final java.util.regex.Pattern MOVE_ARRANGEMENT = foldedPattern(
      "(?:ok |okay |so |and |actually |sorry |hi |um )?(?:can|could) (?:we|i|you) (?:please )?"
          + "(?:move|reschedule|change|push|switch|shift|bring)" + MOVED_TO
          + "|(?:ok |okay |so |actually |please |pls )?(?:move|reschedule|change|push|switch|shift)" + MOVED_TO
          + "|(?:kann ich|konnen wir|konnten wir|konnte ich) (?:es|ihn|den termin|meinen termin|die sitzung) (?:auf|nach)"
          + "(?: (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|nachste|nachsten|woche|um|uhr|abend"
          + "|abends|vormittag|nachmittag|[0-9]{1,2}(?::?[0-9]{2})?)){1,5} verschieben"
          + "|(?:on peut|je peux|est ce quon peut|pouvez vous) (?:le |la )?(?:decaler|deplacer|reporter)"
          + "(?: (?:le rendez vous|la seance|mon rendez vous|ma seance))? (?:a|au|jusqua)"
          + "(?: (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|la|semaine|prochaine|matin|soir|apres midi"
          + "|[0-9]{1,2}h(?:[0-9]{2})?|[0-9]{1,2})){1,5}");

  /**
   * A bare yes to a booking's cancellation, booking or move, or the bare request ("yes cancel it", "yes please, cancel
   * it", "dann bitte einfach absagen", "oui, annulez-le") and nothing more: round eighteen's corpus took the head to 0.38 on "yes cancel it" after
   * Neura's cancellation question (the check-in); "yes cancel it, I won't be around by then" has more and is read.
   */
  private static final java.util.regex.Pattern CONFIRMS_ARRANGEMENT = foldedPattern(
      "(?:(?:then|dann|alors|so|also|ok|okay) )?(?:(?:yes|yeah|yep|yup|ok|okay|sure|please|ja|jep|jo|oui|ouais|daccord)"
          + "(?: please| pls| bitte| gerne| merci| svp)? )?(?:(?:go ahead and|just|einfach|bitte einfach|bitte) )?"
          + "(?:cancel|book|move|reschedule|absagen|stornieren|buchen|verschieben|annuler|annulez|annule|reserver|reservez"
          + "|decaler|decalez)"
          + "(?: it| that| that one| this| this one| them| le| la| les| es| ihn| sie| den termin| the appointment| the session"
          + "| the booking| please| pls| thanks| thank you| thx| danke| bitte| merci| svp)*");

  /** Whether {@code message} only says yes to a booking's cancellation, booking or move ({@link #CONFIRMS_ARRANGEMENT}). */
  static boolean confirmsArrangement(String message) {
    return CONFIRMS_ARRANGEMENT.matcher(bare(message)).matches();
  }

  /** {@code regex} with every word folded as messages are ("appointment" is "apointment", "wann" "wan"). */
  private static java.util.regex.Pattern foldedPattern(String regex) {
    return java.util.regex.Pattern.compile(java.util.regex.Pattern.compile("[a-z]+").matcher(regex)
        .replaceAll(m -> Folded.word(m.group())));
  }

  /** Whether {@code message} only asks when, where or how long an arrangement is ({@link #ARRANGEMENT}). */
  static boolean asksAboutArrangement(String message) {
    String bare = bare(message);
    return ARRANGEMENT.matcher(bare).matches() || MOVE_ARRANGEMENT.matcher(bare).matches();
  }

  /** {@code message} folded, its closing punctuation dropped, words joined by one space: as {@link #phrases} holds them. */
  private static String bare(String message) {
    return String.join(" ", Folded.of(message.strip().replaceAll("[\\p{Punct}\\s]+$", "")).tokens());
  }

  /** {@code phrases} folded as messages are, words joined by one space. */
  private static Set<String> phrases(List<String> phrases) {
    return phrases.stream().map(p -> String.join(" ", Folded.of(p).tokens())).collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  /**
   * Whether a reply (folded tokens) leans on what came before: at most {@value #BARE_REPLY} words, or it starts by
   * answering or continuing ("yes", "and", "because", "tonight"), or it points back ("it", "them", "there", "then").
   * A self-contained sentence ("I keep picking partners who don't respect me") is not: it is read on its own.
   */
  public static boolean elliptical(List<String> tokens) {
    if (tokens.size() <= BARE_REPLY || LEADS.contains(tokens.get(0))) {
      return true;
    }
    for (String t : tokens) {
      if (ANAPHORA.contains(t)) {
        return true;
      }
    }
    return false;
  }

  /** The features of {@code text} whose sentence embedding is {@code embedding}. */
  public static Features of(String text, float[] embedding) {
    return new Features(normalised(embedding), grams(Folded.of(text).tokens()), 0f).withWeight();
  }

  private Features withWeight() {
    return new Features(embedding, grams, grams.length == 0 ? 0f : (float) (1 / Math.sqrt(Math.max(grams.length, MIN_GRAMS))));
  }

  /** The n-gram buckets of folded tokens, distinct and ascending. */
  static int[] grams(List<String> tokens) {
    String s = " " + String.join(" ", tokens) + " ";
    int[] out = new int[Math.max(16, s.length() * 4 + tokens.size() * 2)];
    int n = 0;
    for (int len = 2; len <= 5; len++) {
      for (int i = 0; i + len <= s.length(); i++) {
        out[n++] = bucket(s, i, i + len, len);
      }
    }
    for (int i = 0; i < tokens.size(); i++) {
      out[n++] = bucket(" w " + tokens.get(i), 0, tokens.get(i).length() + 3, 11);
      if (i + 1 < tokens.size()) {
        String pair = tokens.get(i) + " " + tokens.get(i + 1);
        out[n++] = bucket(pair, 0, pair.length(), 13);
      }
    }
    int[] sorted = Arrays.copyOf(out, n);
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[distinct++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, distinct);
  }

  /** FNV-1a over {@code s[from, to)} seeded by {@code salt}, into {@code [0, BUCKETS)}. */
  private static int bucket(String s, int from, int to, int salt) {
    int h = 0x811c9dc5 ^ salt;
    for (int i = from; i < to; i++) {
      h ^= s.charAt(i);
      h *= 0x01000193;
    }
    h ^= h >>> 15;
    return (h & 0x7fffffff) % BUCKETS;
  }

  private static float[] normalised(float[] v) {
    double norm = 0;
    for (float f : v) {
      norm += f * f;
    }
    float[] out = new float[v.length];
    double inv = norm == 0 ? 1 : 1 / Math.sqrt(norm);
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] * inv);
    }
    return out;
  }
}
