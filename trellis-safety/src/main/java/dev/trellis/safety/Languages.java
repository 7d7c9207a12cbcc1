package dev.trellis.safety;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which language a message is in, by script and by common function words — enough to tell the
 * languages the classifier reads ({@code en}, {@code de}, {@code fr}) from others. A message
 * with no clue at all ("ok", "...") counts as the fallback language (the user's locale), so a
 * short reply is never mistaken for an unreadable one. Deterministic, allocation-light.
 */
final class Languages {
  static final Set<String> SUPPORTED = Set.of("en", "de", "fr");

  /** Each language's function words; English, German and French folded as messages are ("been" → "ben", "all" → "al": else they never matched). */
  private static final Map<String, Set<String>> FUNCTION_WORDS = folded(Map.ofEntries(
      Map.entry("en", Set.of("the", "i", "im", "ive", "you", "and", "is", "are", "to", "of", "my", "me", "it", "that",
          "this", "was", "have", "dont", "cant", "what", "with", "just", "be", "so", "not", "about", "would", "like",
          "feel", "anymore", "want", "can", "do", "all", "they", "he", "she", "we", "but", "at", "on", "for", "if",
          "how", "any", "get", "going", "no", "been", "really", "know", "think", "am", "or",
          // contractions lose their apostrophe ("I'd" is "id"), and a short request may hold no other function word:
          // "I'd rather see someone online" had only Spanish "se" (folded "see") and read as Spanish
          "id", "ill", "youre", "its", "thats", "whats", "isnt", "didnt", "doesnt", "wont", "theyre", "rather",
          "someone", "see", "when", "your", "from", "there", "please", "need",
          // round seventeen: a short reply whose only other word is another language's ("yeah called non emergency
          // twice" read as Italian: 11 of the corpus's 15,512 English, German and French messages were called
          // unreadable; "ta" and "min", shared with Portuguese and Swedish, are left out)
          "yeah", "yes", "gonna", "called")),
      Map.entry("de", Set.of("ich", "nicht", "und", "der", "die", "das", "ist", "bin", "mich", "mir", "mein", "meine",
          "ein", "eine", "zu", "es", "auch", "habe", "hab", "mehr", "will", "was", "wie", "kann", "einfach", "nur",
          "sein", "wenn", "dass", "schon", "noch", "wir", "sie", "er", "mit", "auf", "fur", "aber", "nach", "heute",
          "keine", "kein", "alles", "gerade", "weiss", "denn", "oder", "doch", "wieder", "dich", "ja", "nein",
          // round seventeen: "bis morgen dann" (Indonesian "dan"), "Per Video bitte" (Italian "per"), "wär lieber tot
          // ehrlich gesagt" (Romanian "tot")
          "dann", "bis", "bitte", "lieber", "ehrlich", "gesagt")),
      Map.entry("fr", Set.of("je", "j", "suis", "pas", "ne", "le", "la", "les", "et", "est", "moi", "mon", "ma", "mes",
          "plus", "veux", "un", "une", "de", "du", "des", "que", "qui", "ce", "cest", "jai", "tout", "rien", "en",
          "pour", "avec", "mais", "me", "sais", "il", "elle", "nous", "vous", "on", "au", "aux", "sur", "fait",
          "vraiment", "trop", "aujourdhui", "ca", "envie",
          // round seventeen: a short French reply after "non" ("non jamais", "non aucune", "non non, juste crevé", "non.
          // à quoi bon continuer") read as Italian; "non" itself is shared, so the word beside it decides
          "jamais", "aucun", "aucune", "juste", "quoi")),
      Map.entry("es", Set.of("yo", "no", "quiero", "el", "los", "las", "que", "es", "estoy", "mi", "me", "y", "una",
          "por", "para", "con", "pero", "muy", "nada", "todo", "mas", "vivir", "tengo", "soy", "esta", "como", "ya",
          "puedo", "porque", "nadie", "hoy", "ayuda", "siento", "se", "lo")),
      Map.entry("it", Set.of("io", "non", "voglio", "il", "che", "sono", "mi", "e", "una", "per", "con", "ma", "piu",
          "niente", "tutto", "vivere", "ho", "mia", "mio", "questo", "sto", "posso", "perche", "nessuno", "oggi", "aiuto",
          "sento", "gli", "della", "anche")),
      Map.entry("pt", Set.of("eu", "nao", "quero", "o", "os", "que", "estou", "meu", "minha", "me", "uma", "por",
          "para", "com", "mas", "muito", "nada", "tudo", "mais", "viver", "tenho", "sou", "posso", "porque", "ninguem",
          "hoje", "ajuda", "sinto", "voce", "isso", "na", "da", "do", "pra", "agora", "ja", "to", "ta", "fora", "vou",
          "ele", "ela", "esse", "essa", "tao", "sem", "aqui", "vai")),
      Map.entry("nl", Set.of("ik", "niet", "wil", "het", "een", "ben", "mijn", "en", "van", "dat", "meer", "leven",
          "heb", "maar", "voor", "met", "niemand", "vandaag", "hulp", "voel", "zo", "er", "dit", "kan", "wel", "ook")),
      Map.entry("pl", Set.of("nie", "chce", "juz", "jestem", "mnie", "sie", "to", "jak", "ze", "moje", "moja", "zyc",
          "mam", "tak", "ale", "co", "dla", "tylko", "nikt", "dzisiaj", "pomocy", "czuje", "bardzo", "mi", "jest", "na", "z",
          "w", "jeszcze", "tym", "ten", "moze", "bo")),
      Map.entry("tr", Set.of("ben", "bir", "ve", "bu", "cok", "artik", "istemiyorum", "yasamak", "hic", "kimse", "icin",
          "ama", "gibi", "daha", "beni", "bana", "neden", "yardim", "bugun", "degil", "var", "yok")),
      Map.entry("sv", Set.of("jag", "inte", "vill", "och", "att", "det", "ar", "en", "mig", "min", "mitt", "leva",
          "har", "kan", "men", "for", "med", "ingen", "idag", "hjalp", "kanner", "sa")),
      Map.entry("hi", Set.of("hai", "nahi", "kya", "mujhe", "bas", "kuch", "yaar", "mera", "meri", "aur", "hoon", "hu",
          "lagta", "bhi", "toh", "karna", "kar", "tha", "thi", "ho", "raha", "rahi", "sab", "koi", "kyun", "ab", "jaun")),
      Map.entry("ro", Set.of("nu", "sunt", "si", "sa", "ma", "pentru", "mai", "vreau", "este", "foarte", "cu", "din",
          "pe", "toate", "toti", "nimic", "viata", "cand", "acum", "eu", "meu", "mea", "mei", "ca", "asa", "doar",
          "nimeni", "azi", "ajutor", "simt", "fost", "iti", "imi", "lui", "lor", "tot")),
      Map.entry("id", Set.of("aku", "saya", "tidak", "ingin", "mau", "yang", "dan", "ini", "itu", "hidup", "sudah",
          "lagi", "dengan", "tapi", "untuk", "tolong", "bisa", "ada", "sangat", "hari", "mati"))));

  /**
   * The readable languages' words folded; the others' as written: folded, Dutch "ook" would be "ok" and every "ok
   * thanks" Dutch (their lists were written for the words that do not fold to another language's).
   */
  private static Map<String, Set<String>> folded(Map<String, Set<String>> words) {
    Map<String, Set<String>> out = new java.util.HashMap<>();
    words.forEach((lang, ws) -> out.put(lang, !SUPPORTED.contains(lang) ? ws : Folded.words(ws)));
    return Map.copyOf(out);
  }

  /**
   * The function words of the languages the classifier reads: a lexicon word never matches one of them as a typo
   * ("meine" is not "meinte", "sie" not "sieh").
   */
  static final Set<String> READABLE_FUNCTION_WORDS = readableFunctionWords();

  private static Set<String> readableFunctionWords() {
    Set<String> all = new java.util.HashSet<>();
    SUPPORTED.forEach(l -> all.addAll(FUNCTION_WORDS.get(l)));
    return Set.copyOf(all);
  }

  private static final List<String> ORDER = List.of("en", "de", "fr", "es", "it", "pt", "nl", "pl", "tr", "sv", "ro", "id",
      "hi");

  /**
   * Letters of the Latin script that English, German and French never write, and the language each points to
   * (a shared one to the first listed): a word holding one counts as two function words of that language — "și",
   * "părinților" make a Romanian farewell Romanian, however many of its words ("am", "de", "le") English or French
   * also has.
   */
  private static final Map<Character, String> OWN_LETTERS = ownLetters(List.of(
      Map.entry("ro", "ășțȘȚĂţ"),
      Map.entry("pl", "ąęłńśźżĄĘŁŃŚŹŻ"),
      Map.entry("tr", "ğıİĞşŞ"),
      Map.entry("cs", "řěůčšžŘĚŮČŠŽ"),
      Map.entry("hu", "őűŐŰ"),
      Map.entry("es", "ñÑ"),
      Map.entry("pt", "ãõÃÕ"),
      Map.entry("sv", "åøÅØ"),
      Map.entry("vi", "ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹƠƯĐ")));

  private Languages() {
  }

  /** The language of {@code locale} ("de-DE" → "de"; null → "en"): what a message that gives no clue is taken to be in. */
  static String ofLocale(String locale) {
    return locale == null ? "en" : locale.split("[-_]")[0].toLowerCase(Locale.ROOT);
  }

  /**
   * The language of {@code text} ({@code folded} is its folding): {@code und} for a script
   * other than Latin, else the language with the most function words, {@code fallback} when none.
   */
  /** Short replies shared by several languages, read in the user's language when it is a supported one. */
  private static final Set<String> SHARED_REPLIES = Set.of("non", "no", "si", "ok", "okay", "nee", "ne", "nan", "merci");

  static String detect(String text, Folded folded, String fallback) {
    int latin = 0;
    int other = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isLetter(cp)) {
        if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN) {
          latin++;
        } else {
          other++;
        }
      }
    }
    if (other > latin) {
      return script(text);
    }
    // a bare one- or two-word reply in words several languages share ("non", "no", "si") is in the user's own language
    // when it is one the classifier reads: "non" to a French question was called Italian and got the check-in (round
    // eighteen)
    if (SUPPORTED.contains(fallback) && !folded.tokens().isEmpty() && folded.tokens().size() <= 2
        && SHARED_REPLIES.containsAll(folded.tokens())) {
      return fallback;
    }
    Map<String, Integer> own = ownLetterWords(text);
    int best = 0;
    String lang = fallback;
    List<String> candidates = new java.util.ArrayList<>(ORDER);
    own.keySet().stream().filter(l -> !candidates.contains(l)).sorted().forEach(candidates::add);
    for (String l : candidates) {
      Set<String> words = FUNCTION_WORDS.getOrDefault(l, Set.of());
      int score = 2 * own.getOrDefault(l, 0);
      for (String t : folded.tokens()) {
        if (words.contains(t)) {
          score++;
        }
      }
      // ties go to the user's language, then to a supported one: "me", "no" and "en" are shared
      if (score > best || (score == best && score > 0 && !lang.equals(fallback)
          && (l.equals(fallback) || (SUPPORTED.contains(l) && !SUPPORTED.contains(lang))))) {
        best = score;
        lang = l;
      }
    }
    return lang;
  }

  private static Map<Character, String> ownLetters(List<Map.Entry<String, String>> byLanguage) {
    Map<Character, String> out = new java.util.HashMap<>();
    byLanguage.forEach(e -> e.getValue().chars().forEach(c -> out.putIfAbsent((char) c, e.getKey())));
    return Map.copyOf(out);
  }

  /** How many words of {@code text} hold a letter of {@link #OWN_LETTERS}, by the language it points to. */
  private static Map<String, Integer> ownLetterWords(String text) {
    Map<String, Integer> out = new java.util.HashMap<>();
    String counted = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isLetter(c)) {
        counted = null; // a new word
        continue;
      }
      String l = OWN_LETTERS.get(c);
      if (l != null && !l.equals(counted)) {
        out.merge(l, 1, Integer::sum);
        counted = l;
      }
    }
    return out;
  }

  private static String script(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (!Character.isLetter(cp)) {
        continue;
      }
      return switch (Character.UnicodeScript.of(cp)) {
        case CYRILLIC -> "ru";
        case ARABIC -> "ar";
        case HAN -> "zh";
        case HIRAGANA, KATAKANA -> "ja";
        case HANGUL -> "ko";
        case DEVANAGARI -> "hi";
        case GREEK -> "el";
        case HEBREW -> "he";
        case THAI -> "th";
        default -> "und";
      };
    }
    return "und";
  }
}
