package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short yes to the assistant's question about risk: "still do" after "do you still have the pills?", "yeah" after
 * "are you thinking about killing yourself?". The question is the assistant's last message; turned into the user's
 * own words ("you" → "I", "du" → "ich", "tu" → "je") it is read by the lexicons like any message, and a reply that
 * only says yes takes its class. A reply with a no in it ("not really", "nein") never does.
 */
final class AnsweredQuestion {
  /** The most words a reply may have to be read as a bare yes. */
  static final int MAX_WORDS = 6;
  private static final Set<String> YES = Folded.words(List.of("yes", "yeah", "yea", "yep", "yup", "ya", "yh", "ye", "yess", "mhm",
      "ja", "jo", "jep", "oui", "ouais", "si", "maybe", "perhaps", "probably", "kinda", "sometimes", "still", "i", "do",
      "am", "have", "did", "a", "little", "bit", "lot", "few", "some", "them", "it", "they", "tonight", "today", "soon",
      "already", "true", "right", "exactly", "honestly", "think", "so", "guess", "sort", "of", "course", "kind", "really",
      "vielleicht", "manchmal", "schon", "noch", "immer", "ich", "habe", "hab", "bin", "genau", "peutetre", "parfois",
      "encore", "toujours", "je", "j", "ai", "suis", "bien", "sur", "un", "peu", "en", "y", "well", "and", "too", "also",
      "lately", "again", "now", "at", "the", "moment", "all", "time", "times", "once", "twice", "mal",
      // round fourteen: what a yes holds the asked thing with ("still got them", "ja hab sie noch", "oui je les ai
      // encore"): the verb "got" and the object pronouns
      "got", "em", "sie", "es", "ihn", "les", "la", "le", "lai"));
  private static final Set<String> NO = Folded.words(List.of("no", "nope", "nah", "not", "never", "dont", "don", "t", "nein", "nee",
      "nie", "nicht", "kein", "keine", "non", "pas", "jamais", "none", "nothing", "anymore"));
  /** The most words a reply may have to be read as telling when or how often ({@link #tellsWhen}). */
  static final int MAX_WHEN_WORDS = 8;
  /**
   * Words that tell a time or how often, folded ("every night this week", "since about march", "fast jeden Abend",
   * "presque tous les soirs"): a reply made only of them (and of {@link #YES}) answers a question about risk with
   * yes and a when.
   */
  private static final Set<String> WHEN = Folded.words(List.of(
      "every", "each", "night", "nights", "nightly", "day", "days", "daily", "week", "weeks", "weekly", "month", "months",
      "monthly", "year", "years", "morning", "mornings", "evening", "evenings", "afternoon", "afternoons", "weekend",
      "weekends", "since", "ago", "last", "past", "constantly", "always", "often", "usually", "mostly", "most", "hour",
      "hours", "minute", "minutes", "twice", "recently", "forever", "ages", "term", "semester",
      "january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
      "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "christmas", "summer",
      "winter", "spring", "autumn", "birthday", "yesterday", "jeden", "jede", "jedes", "jedem", "fast", "taglich",
      "nachts", "abends", "morgens", "seit", "seitdem", "woche", "wochen", "tag", "tage", "tagen", "monat", "monate",
      "monaten", "jahr", "jahre", "jahren", "abend", "nacht", "nachte", "oft", "ofter", "mehrmals", "zweimal", "dreimal",
      "standig", "dauernd", "letzte", "letzten", "letztes", "gestern", "wochenende", "stunde", "stunden", "januar",
      "februar", "marz", "juni", "juli", "oktober", "dezember", "montag", "dienstag", "mittwoch", "donnerstag", "freitag",
      "samstag", "sonntag", "sommer", "herbst", "fruhling", "weihnachten", "tous", "toutes", "soir", "soirs", "nuit",
      "nuits", "jour", "jours", "semaine", "semaines", "mois", "ans", "annee", "annees", "depuis", "chaque", "fois",
      "souvent", "matin", "matins", "hier", "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout",
      "septembre", "octobre", "novembre", "decembre", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
      "dimanche", "ete", "hiver", "automne", "printemps", "noel", "heure", "heures", "dernier", "derniere", "derniers",
      "quotidien", "arret",
      // round fifteen: today and tomorrow, just now, minutes
      "tomorrow", "tmrw", "tonite", "midnight", "noon", "rn", "just", "heute", "morgen", "ubermorgen", "mitternacht",
      "grad", "gerade", "eben", "vorhin", "demain", "aujourdhui", "minuit", "instant", "min", "mins", "hr", "hrs"));
  /** Words that may stand in a reply telling a time without telling one ("about", "this", "the", "like"), folded. */
  private static final Set<String> WHEN_FILLERS = Folded.words(List.of(
      "about", "around", "roughly", "almost", "nearly", "like", "pretty", "much", "the", "this", "that", "these", "couple",
      "few", "several", "one", "two", "three", "four", "five", "six", "ten", "dozen", "other", "on", "off", "and", "or",
      "in", "at", "for", "per", "an", "every", "ever", "since", "etwa", "ungefahr", "so", "ca", "paar", "ein", "eine",
      "einer", "einem", "zwei", "drei", "vier", "pro", "im", "den", "die", "der", "dem", "diese", "dieser", "diesem",
      "dieses", "mal", "environ", "presque", "quasi", "pres", "les", "le", "la", "l", "des", "du", "de", "d", "cette",
      "ce", "cet", "deux", "trois", "quatre", "une", "par", "plusieurs", "quelques", "sans", "tout", "temps"));
  /** Years, and the words that put them behind ("ago", "vor", "il y a"), folded: a distant past. */
  private static final Set<String> YEARS = Folded.words(List.of("year", "years", "jahr", "jahre", "jahren", "an", "ans",
      "annee", "annees"));
  private static final Set<String> AGO = Folded.words(List.of("ago", "vor", "il", "y"));
  private static final Map<String, String> EN = Map.ofEntries(
      Map.entry("you", "I"), Map.entry("u", "I"), Map.entry("your", "my"), Map.entry("ur", "my"),
      Map.entry("yours", "mine"), Map.entry("yourself", "myself"), Map.entry("you're", "I'm"), Map.entry("youre", "I'm"),
      Map.entry("you've", "I've"), Map.entry("you'd", "I'd"), Map.entry("you'll", "I'll"), Map.entry("are", "am"),
      Map.entry("were", "was"));
  /** The second person turned first, by the question's language (English's words apply in all three). */
  private static final Map<String, Map<String, String>> OWN_WORDS = Map.of("en", EN,
      "de", Map.ofEntries(Map.entry("du", "ich"), Map.entry("dich", "mich"), Map.entry("dir", "mir"),
          Map.entry("dein", "mein"), Map.entry("deine", "meine"), Map.entry("deinen", "meinen"),
          Map.entry("deinem", "meinem"), Map.entry("deiner", "meiner"), Map.entry("hast", "habe"), Map.entry("bist", "bin"),
          Map.entry("willst", "will"), Map.entry("denkst", "denke"), Map.entry("kannst", "kann")),
      "fr", Map.ofEntries(Map.entry("tu", "je"), Map.entry("te", "me"), Map.entry("t'", "m'"), Map.entry("toi", "moi"),
          Map.entry("ton", "mon"), Map.entry("ta", "ma"), Map.entry("tes", "mes"), Map.entry("as", "ai"),
          Map.entry("es", "suis"), Map.entry("penses", "pense")));
  /** English words after which "you" is an object ("with you" → "with me"). */
  private static final Set<String> PREPOSITIONS = Set.of("with", "to", "for", "at", "about", "from", "on", "of", "by",
      "near", "around", "without", "in", "against", "toward", "towards");
  private static final Pattern WORD = Pattern.compile("(?U)(t'|\\w+(?:'\\w+)?)");

  private AnsweredQuestion() {
  }

  /** Whether {@code folded} opens with a no ("no", "nope, never", "nein", "non"). */
  static boolean denies(Folded folded) {
    return !folded.tokens().isEmpty() && NO.contains(folded.tokens().getFirst());
  }

  /** Whether {@code folded} only says yes, in at most {@link #MAX_WORDS} words. */
  static boolean affirms(Folded folded) {
    List<String> tokens = folded.tokens();
    if (tokens.isEmpty() || tokens.size() > MAX_WORDS) {
      return false;
    }
    boolean yes = false;
    for (String t : tokens) {
      if (NO.contains(t) || !YES.contains(t)) {
        return false;
      }
      yes |= !t.equals("i") && !t.equals("ich") && !t.equals("je");
    }
    return yes;
  }

  /** The words that open a yes beyond doubt, folded ("yes", "yeah", "ja", "oui"). */
  private static final Set<String> PLAIN_YES = Folded.words(List.of("yes", "yeah", "yea", "yep", "yup", "ya", "yh",
      "ye", "yess", "mhm", "ja", "jo", "jep", "jap", "oui", "ouais", "ouai", "si"));
  /** The most words a reply opening with a yes may have to be read as one ({@link #opensWithYes}). */
  static final int MAX_YES_AND_MORE_WORDS = 15;

  /**
   * Whether {@code folded} opens with a plain yes and goes on without a no, in at most {@link #MAX_YES_AND_MORE_WORDS}
   * words ("yeah, most nights since the funeral", "ja. seit monaten"): after a question about risk it says yes, whatever
   * follows; "yes but I'd never do it" never does (round fourteen).
   */
  static boolean opensWithYes(Folded folded) {
    List<String> tokens = folded.tokens();
    if (tokens.isEmpty() || tokens.size() > MAX_YES_AND_MORE_WORDS) {
      return false;
    }
    // or closes with one in a short reply: what was asked, then yes ("the gun yeah", "le fusil de mon père oui"; round
    // fifteen)
    if (!PLAIN_YES.contains(tokens.getFirst()) && !(tokens.size() <= MAX_WORDS && PLAIN_YES.contains(tokens.getLast()))) {
      return false;
    }
    for (int i = 0; i < tokens.size(); i++) {
      if (NO.contains(tokens.get(i)) && !withholds(tokens, i)) {
        return false;
      }
    }
    return true;
  }

  /** Verbs of telling, folded: a no beside one withholds details ("im not telling you", "sag ich nicht"). */
  private static final Set<String> TELLING = Folded.words(List.of("tell", "telling", "told", "say", "saying", "share",
      "sharing", "explain", "explaining", "discuss", "talk", "sagen", "sag", "sage", "verrate", "verraten", "erzahle",
      "erzahl", "erzahlen", "dire", "dis", "dirai", "raconter", "raconte", "expliquer"));
  /** How many words from a no a verb of telling may stand to make the no a refusal to tell ({@link #withholds}). */
  private static final int WITHHOLD_REACH = 3;

  /**
   * Whether the no at {@code i} refuses to tell rather than denies: a verb of telling within {@value #WITHHOLD_REACH}
   * words of it ("yes and I know when. im not telling you tho", "ja. wann, sag ich nicht", "oui mais je te dirai pas
   * où") — withholding the details of a yes is no denial of it (round fifteen).
   */
  static boolean withholds(List<String> tokens, int i) {
    for (int j = Math.max(0, i - WITHHOLD_REACH); j <= Math.min(tokens.size() - 1, i + WITHHOLD_REACH); j++) {
      if (TELLING.contains(tokens.get(j))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code folded} only tells when or how often, in at most {@link #MAX_WHEN_WORDS} words ("every night this
   * week", "since about march", "fast jeden Abend", "depuis des mois"), or opens with "since", "seit" or "depuis" in a
   * short reply ("since the divorce"): after a question about risk ("how often do you think about ending your life?")
   * such a reply says yes and when. A reply with a no in it ("not since march") never does.
   */
  static boolean tellsWhen(Folded folded) {
    List<String> tokens = folded.tokens();
    if (tokens.isEmpty() || tokens.size() > MAX_WHEN_WORDS) {
      return false;
    }
    for (String t : tokens) {
      if (NO.contains(t)) {
        return false;
      }
    }
    // a distant past ("over a year ago", "vor zwei Jahren", "il y a des années") answers "when did you last …?" with no
    // risk now; French "an" is a year only after a number ("il y a un an"), never in "an hour ago" (round fifteen)
    boolean years = false;
    for (int i = 0; i < tokens.size(); i++) {
      years |= YEARS.contains(tokens.get(i)) && (!tokens.get(i).equals("an")
          || (i > 0 && (tokens.get(i - 1).equals("un") || tokens.get(i - 1).matches("\\d+"))));
    }
    if (years && tokens.stream().anyMatch(AGO::contains)) {
      return false;
    }
    String first = tokens.getFirst();
    if (tokens.size() <= MAX_WORDS && (first.equals("since") || first.equals("seit") || first.equals("depuis"))) {
      return true;
    }
    boolean when = false;
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      // a when told by an event ("after my exams", "heute nacht wenn alle schlafen", "avant la rentrée"): the clause
      // it opens is the when, whatever its words (round fifteen)
      if (EVENT_WHEN.contains(t) && i + 1 < tokens.size()) {
        return true;
      }
      // a time, a count or a rating ("2am", "3x", "8" on a scale of 0 to 10); a bare 0 says none
      boolean number = t.matches("\\d+(?:am|pm|h|x|st|nd|rd|th|s|min|mins)?") && !t.matches("0+");
      if (!(WHEN.contains(t) || WHEN_FILLERS.contains(t) || YES.contains(t) || BODY.contains(t) || number)) {
        return false;
      }
      when |= WHEN.contains(t) || number;
    }
    return when;
  }

  /** Words that open a when told by an event ("after my exams", "wenn alle schlafen", "avant la rentrée"), folded. */
  private static final Set<String> EVENT_WHEN = Folded.words(List.of("after", "before", "until", "till", "til", "when",
      "once", "nach", "nachdem", "bevor", "bis", "wenn", "sobald", "apres", "avant", "quand", "jusqua", "lorsque"));
  /**
   * The body's usual places of self-harm, folded: a where beside a when ("grad eben. am Unterarm", "last night, on my
   * thigh") still only tells the when and where of what was asked (round fifteen).
   */
  private static final Set<String> BODY = Folded.words(List.of("arm", "arms", "wrist", "wrists", "forearm", "forearms",
      "thigh", "thighs", "leg", "legs", "stomach", "hip", "hips", "my", "unterarm", "oberarm", "arme", "handgelenk",
      "handgelenke", "oberschenkel", "bein", "beine", "bauch", "am", "an", "bras", "poignet", "poignets", "cuisse",
      "cuisses", "jambe", "jambes", "ventre", "avantbras", "sur", "mon", "ma", "mes"));

  /** The question the assistant's last message (the last of {@code recent}) ends with, or null when it asks none. */
  static String question(List<Message> recent) {
    if (recent.isEmpty() || !(recent.getLast() instanceof Message.Ai ai) || !ai.text().contains("?")) {
      return null;
    }
    String text = ai.text().strip();
    int end = text.lastIndexOf('?');
    int start = Math.max(Math.max(text.lastIndexOf('.', end), text.lastIndexOf('!', end)), text.lastIndexOf('\n', end));
    return text.substring(start + 1, end + 1).strip();
  }

  /** Words by which a question points back at what the assistant said before it ("Is that something you feel?"), folded. */
  private static final Set<String> POINTING_BACK = Folded.words(List.of("that", "this", "it", "so", "das", "dies",
      "ca", "cela", "ce"));

  /**
   * The question the assistant's last message ends with, or, when the question points back within its first three words
   * ("… people wish they could just not be here. Is that something you feel?", "Ist das bei dir so?", "C'est ton cas
   * ?"), the whole message: what it points at is what is asked (round fifteen). Null when it asks none.
   */
  static String questionAsked(List<Message> recent) {
    String q = question(recent);
    if (q == null) {
      return null;
    }
    List<String> tokens = Folded.of(q).tokens();
    for (int i = 0; i < Math.min(3, tokens.size()); i++) {
      if (POINTING_BACK.contains(tokens.get(i))) {
        return recent.getLast().text();
      }
    }
    return q;
  }

  /**
   * The assistant's last message (the last of {@code recent}) when it asks something, whole: what a no answers
   * ("You told me you'd felt suicidal. Are those thoughts still around?"), or null.
   */
  static String asking(List<Message> recent) {
    return question(recent) == null ? null : recent.getLast().text();
  }

  /**
   * {@code question} in the user's own words, in the question's language ({@code fallback} when it gives no clue of
   * its own).
   */
  static String inOwnWordsDetected(String question, String fallback) {
    return inOwnWords(question, Languages.detect(question, Folded.of(question), fallback));
  }

  /**
   * {@code question}, in {@code language}, in the user's own words ("do you still have the pills?" → "do I still
   * have the pills?").
   */
  static String inOwnWords(String question, String language) {
    Map<String, String> own = OWN_WORDS.getOrDefault(language, Map.of());
    Matcher m = WORD.matcher(question);
    StringBuilder b = new StringBuilder();
    String before = "";
    while (m.find()) {
      String w = m.group(1);
      String lower = w.toLowerCase(java.util.Locale.ROOT).replace('’', '\'');
      // "with you" is "with me", not "with I"
      String mine = (lower.equals("you") || lower.equals("u")) && PREPOSITIONS.contains(before) ? "me"
          : own.getOrDefault(lower, EN.get(lower));
      before = lower;
      m.appendReplacement(b, Matcher.quoteReplacement(mine == null ? w : mine));
    }
    m.appendTail(b);
    return b.toString();
  }
}
