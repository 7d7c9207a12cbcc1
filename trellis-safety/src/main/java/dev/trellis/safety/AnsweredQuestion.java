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
  private static final Set<String> YES = Set.of("yes", "yeah", "yea", "yep", "yup", "ya", "yh", "ye", "yess", "mhm",
      "ja", "jo", "jep", "oui", "ouais", "si", "maybe", "perhaps", "probably", "kinda", "sometimes", "still", "i", "do",
      "am", "have", "did", "a", "little", "bit", "lot", "few", "some", "them", "it", "they", "tonight", "today", "soon",
      "already", "true", "right", "exactly", "honestly", "think", "so", "guess", "sort", "of", "course", "kind", "really",
      "vielleicht", "manchmal", "schon", "noch", "immer", "ich", "habe", "hab", "bin", "genau", "peutetre", "parfois",
      "encore", "toujours", "je", "j", "ai", "suis", "bien", "sur", "un", "peu", "en", "y", "well", "and", "too", "also",
      "lately", "again", "now", "at", "the", "moment", "all", "time", "times", "once", "twice", "mal");
  private static final Set<String> NO = Set.of("no", "nope", "nah", "not", "never", "dont", "don", "t", "nein", "nee",
      "nie", "nicht", "kein", "keine", "non", "pas", "jamais", "none", "nothing", "anymore");
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
